import { encodeAbiParameters, getContractAddress, keccak256, type Address, type GetCreate2AddressErrorType, type Hex } from "viem"

export type DerivePoolAddressParameters = {
  /** The `PoolFactory` (the CREATE2 deployer). */
  factory: Address
  /** The merchant's payout address; the salt is keccak256(abi.encode(payout)). */
  payout: Address
  /** keccak256 of the pool's creation code followed by abi.encode(payout): one value per payout. */
  poolInitCodeHash: Hex
}
export type DerivePoolAddressReturnType = Address
export type DerivePoolAddressErrorType = GetCreate2AddressErrorType

/**
 * The merchant's pool address without a node: CREATE2(factory, keccak256(abi.encode(payout)),
 * poolInitCodeHash), what `factory.poolOf(payout)` answers (docs/decisions.md#on-chain-layout).
 * @example derivePoolAddress({ factory, payout, poolInitCodeHash: keccak256(concat([poolCreationCode, encodeAbiParameters([{ type: "address" }], [payout])])) })
 */
export function derivePoolAddress({ factory, payout, poolInitCodeHash }: DerivePoolAddressParameters): DerivePoolAddressReturnType {
  return getContractAddress({ opcode: "CREATE2", from: factory, salt: keccak256(encodeAbiParameters([{ type: "address" }], [payout])), bytecodeHash: poolInitCodeHash })
}
