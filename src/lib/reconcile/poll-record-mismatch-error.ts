import { BaseError } from "../base-error"

/** The status record describes another payment than the ledger row it was fetched for. */
export class PollRecordMismatchError extends BaseError {
  override readonly name = "PollRecordMismatchError"
  readonly code = "poll_record_mismatch"
  constructor(readonly fields: string[]) {
    super("The service's status record does not match the ledger payment; it was not applied.", { metaMessages: [`Fields: ${fields.join(", ")}`] })
  }
}
