import { readFileSync, writeFileSync } from "node:fs"

/** Writes `target` as a copy of the app's `.env.template` with the keys in `set` given these values (the starter's README steps). */
export function envFromTemplate(template: string, target: string, set: Record<string, string>) {
  const kept = readFileSync(template, "utf8")
    .split("\n")
    .filter((line) => line && !(line.split("=")[0]! in set))
  writeFileSync(target, [...kept, ...Object.entries(set).map(([key, value]) => `${key}=${value}`)].join("\n") + "\n")
}
