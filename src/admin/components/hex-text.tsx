import { Fragment } from "react"
import { splitHex } from "../lib/format"

/**
 * Prose that may name addresses or hashes: each 0x… value is set in the monospace face, so the
 * admin's prose font never draws "0x" as "0×" (its contextual alternates turn an x between digits
 * into a multiplication sign) and a value reads as one copyable thing.
 */
export const HexText = ({ text }: { text: string }) => (
  <>
    {splitHex(text).map((part, i) =>
      part.hex ? (
        <span key={i} className="font-mono">
          {part.text}
        </span>
      ) : (
        <Fragment key={i}>{part.text}</Fragment>
      ),
    )}
  </>
)
