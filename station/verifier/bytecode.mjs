// Compiles the Python verifier page's archives with the page's own interpreter
// (Pyodide, run here by Node): see bytecode.py. Called by python_page.py as
//   node bytecode.mjs RUNTIME_FOLDER WORK_FOLDER REQUEST.json
// where the request names the archives in WORK_FOLDER, the modules to import and the
// archives to compile whole; the compiled archives are written to WORK_FOLDER/out.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, work, requestFile] = process.argv.slice(2);
const request = JSON.parse(readFileSync(requestFile, "utf-8"));
const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
// A fixed hash seed: a set's order, and so its bytecode, is the same on every build.
const pyodide = await loadPyodide({ indexURL: runtime + "/", env: { PYTHONHASHSEED: "0" } });
const folder = "/lib/station-page";
pyodide.FS.mkdirTree(folder + "/out");
for (const name of request.archives) {
  pyodide.FS.writeFile(`${folder}/${name}`, readFileSync(join(work, name)));
}
const compiler = pyodide.runPython(
  readFileSync(new URL("bytecode.py", import.meta.url), "utf-8") + "\ncompile_archives",
);
compiler(pyodide.toPy(request.archives), pyodide.toPy(request.warm), pyodide.toPy(request.whole));
mkdirSync(join(work, "out"), { recursive: true });
for (const name of request.archives) {
  writeFileSync(join(work, "out", name), pyodide.FS.readFile(`${folder}/out/${name}`));
}
