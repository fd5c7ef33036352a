#!/usr/bin/env python3
"""CLI cold start in CPU time and wall time, as docs/benchmark.md reports it.

Runs `node -e 0` and each given command as child processes, interleaved (every
round runs each once, in a rotated order), and prints per command the median
CPU time (user + system of the child, from wait4: a run that waits for the CPU
on a shared machine does not count the wait), the median wall time, and the
medians of the per-round ratios to `node -e 0`. `npm run bench` reports the
wall-time ratio only (bench/startup.bench.ts); Node cannot read a child's CPU
time. Every command must exit 0.

usage: python3 bench/cli-cpu.py [ROUNDS=15] [COMMAND ...]
  default COMMAND: node bin/damage-chain.js resolve examples/default.yaml --json
  e.g. python3 bench/cli-cpu.py 15 "node bin/damage-chain.js resolve examples/default.yaml --json" \
         "node ../old/bin/damage-chain.js resolve examples/default.yaml --json"
"""
import os
import shlex
import statistics
import subprocess
import sys
import time

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
commands = [shlex.split(c) for c in sys.argv[2:]] or [["node", "bin/damage-chain.js", "resolve", "examples/default.yaml", "--json"]]
variants = [["node", "-e", "0"]] + commands


def run(argv):
    """CPU ms (user + system) and wall ms of one run of argv."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} exited {os.waitstatus_to_exitcode(status)}")
    return (usage.ru_utime + usage.ru_stime) * 1000, wall


for v in variants:  # warm the file cache (and the CLI's code cache)
    run(v)
cpu = [[] for _ in variants]
wall = [[] for _ in variants]
for r in range(rounds):
    for k in range(len(variants)):
        i = (k + r) % len(variants)
        c, w = run(variants[i])
        cpu[i].append(c)
        wall[i].append(w)

node = subprocess.check_output(["node", "--version"], text=True).strip()
load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
print(f"node {node}, {os.cpu_count()} CPUs, load average {load}; {rounds} interleaved rounds, medians")
print("| command | CPU ms | CPU / node -e 0 | wall ms | wall / node -e 0 |\n| --- | ---: | ---: | ---: | ---: |")
for i, v in enumerate(variants):
    rc = statistics.median(a / b for a, b in zip(cpu[i], cpu[0]))
    rw = statistics.median(a / b for a, b in zip(wall[i], wall[0]))
    print(f"| `{' '.join(v)}` | {statistics.median(cpu[i]):.0f} | {rc:.2f}× | {statistics.median(wall[i]):.0f} | {rw:.2f}× |")
