"""Run benchmarks: ``python -m benchmarks`` (all) or ``python -m benchmarks engine counting``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    available = sorted(p.stem.removeprefix("bench_") for p in HERE.glob("bench_*.py"))
    names = argv or available
    unknown = [n for n in names if n not in available]
    if unknown:
        sys.stderr.write(
            f"unknown benchmark(s): {', '.join(unknown)}; have: {', '.join(available)}\n"
        )
        return 2
    status = 0
    for name in names:
        print(f"== {name} ==", flush=True)
        status |= subprocess.call([sys.executable, str(HERE / f"bench_{name}.py")])
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
