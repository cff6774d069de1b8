// LeetCode-style driver: what LeetCode adds around a JavaScript submission.
const fs = require("fs");
const vm = require("vm");

const path = process.argv[2];
vm.runInThisContext(fs.readFileSync(path, "utf8"), { filename: path });
// `var f = function` is a global property, `const f` only a global binding: ask the
// global scope for either.
const stoneGameIX = vm.runInThisContext("typeof stoneGameIX === 'function' ? stoneGameIX : undefined");
if (typeof stoneGameIX !== "function") {
    throw new Error(`${path} does not define the function stoneGameIX`);
}

const answers = [];
try {
    for (let line of fs.readFileSync(0, "utf8").split("\n")) {
        line = line.trim();
        if (!line) continue;
        if (line.startsWith("stones")) line = line.slice(line.indexOf("=") + 1);
        answers.push(stoneGameIX(JSON.parse(line)) ? "true" : "false");
    }
} finally {
    // Answers given before a crash still count: the judge pins the crash on the next case.
    fs.writeSync(1, answers.map((answer) => answer + "\n").join(""));
}
