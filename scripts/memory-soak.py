#!/usr/bin/env python3
"""Resident memory of a long full-screen session: drives `imagesearch -i` in a
pseudo-terminal, types QUERIES queries of WORDS words each (Ctrl-U, the words, then waits
for the screen to go quiet), and prints VmRSS (from /proc/PID/status) every STEP queries.

    scripts/memory-soak.py [--binary .build/release/imagesearch] [--queries 300]
        [--words 15] [--step 25] [-- extra imagesearch arguments]

Without extra arguments it searches the offline catalog (`-i --offline`). The last line
says how much the RSS grew between query 100 and the last query. `--words 1` searches a
single word each time (rows every time); `--char-delay` types character by character;
`--word-pause 0.4` searches every prefix of the query, a word at a time.
"""
import argparse
import fcntl
import os
import pty
import random
import select
import struct
import sys
import termios
import time

WORDS = (
    "fox cat dog bird horse owl deer wolf bear lion tiger eagle duck swan frog "
    "forest mountain lake river sea beach snow autumn winter summer spring flower "
    "tree sunset city bridge road night sky cloud red green blue white black"
).split()


def rss_kib(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def breakdown(pid):
    """Anonymous and file-backed resident memory, and the thread count: a growing anonymous
    part is the heap (objects kept, or memory the allocator keeps); a growing file part is
    code and data pages of the libraries being touched."""
    anon = rss_kib(pid, "RssAnon") / 1024
    file = rss_kib(pid, "RssFile") / 1024
    return f"(anon {anon:6.1f}, file {file:5.1f} MiB, {rss_kib(pid, 'Threads')} threads)"


def drain(fd, quiet, limit):
    """Reads output until none came for `quiet` seconds (or `limit` seconds passed)."""
    start = time.monotonic()
    last = start
    while time.monotonic() - start < limit:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            last = time.monotonic()
        elif time.monotonic() - last >= quiet:
            return True
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/debug/imagesearch")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--words", type=int, default=15)
    parser.add_argument("--step", type=int, default=25)
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument(
        "--char-delay", type=float, default=0,
        help="seconds between typed characters (0: each query is written at once)")
    parser.add_argument(
        "--word-pause", type=float, default=0,
        help="seconds to pause after each word (over the 0.3 s debounce: each prefix is searched)")
    parser.add_argument("extra", nargs="*")
    args = parser.parse_args()
    argv = [args.binary, "-i"] + (args.extra or ["--offline"])
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color")
        env.pop("PIXABAY_API_KEY", None)
        os.execve(args.binary, argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    drain(fd, 1.0, 10)
    rng = random.Random(args.seed)
    samples = {}
    samples[0] = rss_kib(pid)
    print(f"query {0:4d}  VmRSS {samples[0] / 1024:7.1f} MiB {breakdown(pid)}", flush=True)
    for number in range(1, args.queries + 1):
        query = " ".join(rng.choice(WORDS) for _ in range(args.words))
        if args.word_pause > 0:
            os.write(fd, b"\x15")
            for word in query.split():
                os.write(fd, word.encode() + b" ")
                drain(fd, args.word_pause, args.word_pause + 5)
        elif args.char_delay > 0:
            os.write(fd, b"\x15")
            for character in query:
                os.write(fd, character.encode())
                drain(fd, args.char_delay, 5)
        else:
            os.write(fd, b"\x15" + query.encode())
        drain(fd, 0.6, 15)
        if number % args.step == 0 or number == 100:
            samples[number] = rss_kib(pid)
            print(
                f"query {number:4d}  VmRSS {samples[number] / 1024:7.1f} MiB {breakdown(pid)}",
                flush=True)
    os.write(fd, b"\x03")
    drain(fd, 0.3, 3)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    if 100 in samples and args.queries in samples:
        grown = (samples[args.queries] - samples[100]) / 1024
        print(f"grew {grown:.2f} MiB from query 100 to query {args.queries}")


if __name__ == "__main__":
    sys.exit(main())
