import { readFileSync, writeFileSync } from "node:fs"

/**
 * Writes `target` as the app's `.env.template` (the starter's README steps), each key of `set` that the
 * template has given its value in place, the others appended as the guide says: after a newline, since
 * the starters' templates end without one and a line appended to such a file joins its last line.
 * Then reads the file back: every key must hold its value on a line of its own.
 */
export function envFromTemplate(template: string, target: string, set: Record<string, string>) {
  let text = readFileSync(template, "utf8")
  const appended: string[] = []
  for (const [key, value] of Object.entries(set)) {
    const line = new RegExp(`^${key}=.*$`, "m")
    if (line.test(text)) text = text.replace(line, () => `${key}=${value}`)
    else appended.push(`${key}=${value}`)
  }
  // The guide's printf '\n%s\n' … >> .env.local
  if (appended.length) text += `\n${appended.join("\n")}\n`
  writeFileSync(target, text)
  const lines = readFileSync(target, "utf8").split("\n")
  for (const [key, value] of Object.entries(set))
    if (!lines.includes(`${key}=${value}`)) throw new Error(`${target}: ${key} is not on a line of its own`)
}
