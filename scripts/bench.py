#!/usr/bin/env python3
"""Benchmarks of the judge, printed side by side: every figure is measured in this run,
and targets are ratios against a baseline measured in the same run (not timed tests).

Usage: scripts/bench.sh [--quick]   (builds first; --quick skips the slow verify sizes)
"""
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JUDGE = os.path.join(ROOT, "target", "release", "judge")
SOLUTION = os.path.join(ROOT, "target", "release", "solution")
QUICK = "--quick" in sys.argv


def run(argv, stdin_path=None, stdout=subprocess.DEVNULL):
    """Runs argv; returns (wall seconds, peak RSS KiB, stdout bytes).

    Linux folds the parent's own peak RSS into a child's at exec, so the child is started
    through GNU time (a small process) and its %M is read instead of our wait4 figure.
    """
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    gnu_time = "/usr/bin/time"
    rss_file = None
    if os.path.exists(gnu_time):
        rss_file = tempfile.NamedTemporaryFile(delete=False)
        argv = [gnu_time, "-q", "-f", "%M", "-o", rss_file.name, *argv]
    started = time.perf_counter()
    process = subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE)
    out = process.stdout.read() if stdout == subprocess.PIPE else b""
    process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    if stdin_path:
        stdin.close()
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"failed: {' '.join(argv)}")
    rss = usage.ru_maxrss
    if rss_file:
        with open(rss_file.name) as f:
            rss = int(f.read().split()[-1])
        os.unlink(rss_file.name)
    return wall, rss, out


def best_of(n, argv, stdin_path=None):
    return min(run(argv, stdin_path)[0] for _ in range(n))


def section(title):
    print(f"\n== {title}")


def write_line_file(path, count, value="10000"):
    """Writes one case line of `count` numbers in chunks, keeping this process small."""
    chunk = 10 ** 5
    with open(path, "w") as f:
        f.write("[" + value)
        written = 1
        while written < count:
            step = min(chunk, count - written)
            f.write(("," + value) * step)
            written += step
        f.write("]\n")


def stress_rate(args):
    """cases/s of a stress run, as its summary line reports it."""
    _, _, out = run([JUDGE, "stress", "--no-save", *args], stdout=subprocess.PIPE)
    for line in out.decode().splitlines():
        if line.startswith("summary:"):
            return float(line.split("(")[1].split()[0])
    raise SystemExit("no summary line")


def main():
    work = tempfile.mkdtemp(prefix="judge-bench-")
    try:
        section("solution binary (issue 2)")
        big = os.path.join(work, "max.in")
        run([JUDGE, "gen", "--seed", "1", "--count", "1", "--strategy", "slow-killers"],
            stdout=open(big, "wb"))
        cat = best_of(20, ["cat", big])
        ours = best_of(20, [SOLUTION], big)
        size = os.path.getsize(big) / 1e6
        print(f"max-size case (n = 10^5, {size:.2f} MB): solution {ours * 1e3:.2f} ms, "
              f"cat {cat * 1e3:.2f} ms, ratio {ours / cat:.2f}x (target <= 2x)")
        small = os.path.join(work, "small.in")
        run([JUDGE, "gen", "--seed", "1", "--count", "1000000", "--strategy", "tiny"],
            stdout=open(small, "wb"))
        seconds = best_of(3, [SOLUTION], small)
        print(f"10^6 small cases: {seconds * 1e3:.0f} ms, {1e6 / seconds / 1e6:.1f} million cases/s "
              f"(target >= 10)")
        line5, line7 = os.path.join(work, "l5.in"), os.path.join(work, "l7.in")
        write_line_file(line5, 10 ** 5)
        write_line_file(line7, 10 ** 7)
        rss5 = run([SOLUTION], line5)[1]
        rss7 = run([SOLUTION], line7)[1]
        print(f"peak RSS: 10^5-number line {rss5} KiB, 10^7-number line {rss7} KiB, "
              f"difference {abs(rss7 - rss5)} KiB (target < 1024)")

        section("reference and proof (issue 3)")
        sizes = [100, 300] if QUICK else [100, 300, 600, 1000, 1600]
        for k in sizes:
            wall, rss, out = run([JUDGE, "verify", "--max", str(k)], stdout=subprocess.PIPE)
            checked = [l for l in out.decode().splitlines() if l.startswith("closed form")]
            print(f"verify --max {k}: {wall:.2f} s, peak RSS {rss / 1024:.0f} MiB; {checked[0]}")

        section("generator (issue 4)")
        wall = best_of(3, [JUDGE, "gen", "--seed", "1", "--count", "1000000", "--strategy", "tiny"])
        print(f"10^6 small cases to /dev/null: {wall * 1e3:.0f} ms, "
              f"{1e6 / wall / 1e6:.2f} million cases/s (target >= 1)")
        wall = best_of(3, [JUDGE, "gen", "--seed", "1", "--count", "200", "--strategy", "slow-killers"])
        print(f"max-size cases (n = 10^5), generated and written: {wall / 200 * 1e3:.2f} ms each")

        section("stress runner (issue 5)")
        batched = stress_rate(["--seed", "1", "--strategy", "tiny", "--cases", "2000000",
                               "--batch", "20000"])
        print(f"batched stress of the solution binary, small cases: {batched:,.0f} cases/s "
              f"(target >= 1,000,000)")
        single = stress_rate(["--seed", "1", "--strategy", "tiny", "--cases", "3000", "--batch", "1"])
        floor = stress_rate(["--seed", "1", "--strategy", "tiny", "--cases", "3000", "--batch", "1",
                             "--keep-going", "--cmd", shutil.which("true")])
        print(f"one process per case: {single:,.0f} cases/s; spawn floor (/bin/true, same runner): "
              f"{floor:,.0f} cases/s; ratio {single / floor:.0%} (target >= 80%)")
        default = stress_rate(["--seed", "1"])
        print(f"default run (10,000 mixed cases, ~2% with n = 10^5): {default:,.0f} cases/s")
        loop_cases = 200
        script = (
            f'for i in $(seq 1 {loop_cases}); do '
            f'"{JUDGE}" gen --seed 1 --start $i --count 1 > "{work}/in" && '
            f'"{SOLUTION}" < "{work}/in" > "{work}/got" && '
            f'"{JUDGE}" reference < "{work}/in" > "{work}/want" && '
            f'diff -q "{work}/got" "{work}/want" > /dev/null || exit 1; done'
        )
        wall = run(["bash", "-c", script])[0]
        loop = loop_cases / wall
        print(f"classic shell loop (gen | solution | brute | diff): {loop:,.0f} cases/s; "
              f"judge stress (default) is {default / loop:,.0f}x faster, batched {batched / loop:,.0f}x")
        oj = shutil.which("oj")
        if oj:
            budget = 10.0
            gen = f"{JUDGE} gen --count 1 --strategy tiny"
            started = time.perf_counter()
            process = subprocess.run(
                ["timeout", str(budget), oj, "generate-input", "--hack-actual", SOLUTION,
                 "--hack-expected", f"{JUDGE} reference", "-d", os.path.join(work, "oj"), gen, "100000"],
                cwd=work, capture_output=True, text=True)
            elapsed = time.perf_counter() - started
            attempts = process.stdout.count("generate input") + process.stderr.count("generate input")
            if attempts:
                rate = attempts / elapsed
                print(f"oj generate-input --hack (same binaries): {rate:,.1f} cases/s; "
                      f"judge stress (default) is {default / rate:,.0f}x faster")
            else:
                print("oj generate-input --hack: could not count its attempts")
        else:
            print("oj (pip install online-judge-tools) not found: comparison skipped")

        section("language drivers (issue 6): startup per batch")
        sources = {
            "rust": "src/solution.rs",
            "python": "tests/submissions/accepted/solution.py",
            "java": "tests/submissions/accepted/Solution.java",
            "javascript": "tests/submissions/accepted/solution.js",
            "cpp": "tests/submissions/accepted/solution.cpp",
        }
        one = os.path.join(ROOT, "cases", "official-1.in")
        for language, source in sources.items():
            path = os.path.join(ROOT, source)
            # The second line of a stress run's header is the driver's command line.
            _, _, out = run([JUDGE, "stress", "--cases", "1", "--seed", "1", "--no-save",
                             "--solution", path], stdout=subprocess.PIPE)
            runs = out.decode().splitlines()[1]
            program = shlex.split(runs[len("  runs: "):])
            startup = best_of(5, program, one)
            print(f"{language:<10} driver start + one case: {startup * 1e3:6.1f} ms")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
