#!/usr/bin/env python3
"""Key-to-frame latency of `imagesearch -i` (the full-screen front end).

Serves Pixabay-shaped JSON from 127.0.0.1, runs the given `imagesearch` binary in a
pseudo-terminal of a fixed size, types a query, loads N results by paging down, then sends
Down keys one at a time and times each from the write of the key to the end of the frame it
causes.

End of a frame: every frame the program writes (`ScreenWriter.update(to:)`) is one write()
that begins with ESC[?25l and ends with ESC[?25h, and its status line carries the row
counter "S/N ·". A key's frame has ended when the output read since the key holds the
counter of the new selection followed by ESC[?25h. The time is taken when the chunk holding
that ESC[?25h is read; nothing is subtracted (it includes the pty and this script's read
loop, a few tens of microseconds). Keys that move the selection only are measured: the
selection is never within reach of a page load (the server's totalHits is N, so after
loading there is no next page), and PgUp (not timed) brings it back from the last row.

Usage: key-latency.py BINARY [--cases 20,1000,10000,huge] [--keys 200] [--size 120x40]
"""

import argparse
import fcntl
import json
import os
import pty
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

DOWN = b"\x1b[B"
PAGE_DOWN = b"\x1b[6~"
PAGE_UP = b"\x1b[5~"
FRAME_END = b"\x1b[?25h"
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


# MARK: - The server


class Catalog:
    """`total` hits in pages; with `huge`, 45 kB user names and tags (as the CLI tests'
    `hugeStringPage`)."""

    def __init__(self, total, huge=False):
        self.total = total
        self.user = "u" * 45_000 if huge else None
        self.tags = ", ".join(f"tag{i % 10000}" for i in range(45_000 // 8)) if huge else None
        self.pages = {}
        self.requests = 0
        self.lock = threading.Lock()

    def hit(self, offset):
        hit_id = 100 + offset
        return {
            "id": hit_id, "pageURL": f"https://pixabay.com/photos/x-{hit_id}/",
            "type": "photo", "tags": self.tags or "red fox, animal",
            "previewURL": f"https://cdn.example/p/{hit_id}.png",
            "previewWidth": 150, "previewHeight": 100,
            "webformatURL": f"https://cdn.example/w/{hit_id}.png",
            "webformatWidth": 640, "webformatHeight": 427,
            "largeImageURL": f"https://cdn.example/l/{hit_id}.png",
            "imageWidth": 6000, "imageHeight": 4000, "imageSize": 1234, "views": 12345,
            "downloads": 678, "collections": 1, "likes": 90 + offset % 1000, "comments": 3,
            "user_id": 7, "user": self.user or f"tester{hit_id}", "userImageURL": "",
        }

    def page(self, page, per_page):
        with self.lock:
            self.requests += 1
            key = (page, per_page)
            if key not in self.pages:
                first = (page - 1) * per_page
                count = max(0, min(per_page, self.total - first))
                if page < 1 or count == 0:
                    return None
                body = {"total": self.total, "totalHits": self.total,
                        "hits": [self.hit(first + i) for i in range(count)]}
                self.pages[key] = json.dumps(body, separators=(",", ":")).encode()
            return self.pages[key]


def serve(catalog):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            url = urlparse(self.path)
            query = parse_qs(url.query)
            try:
                page = int(query.get("page", ["1"])[0])
                per_page = int(query.get("per_page", ["20"])[0])
            except ValueError:
                page, per_page = 0, 0
            body = catalog.page(page, per_page) if url.path.startswith("/api") else None
            status = 200
            if body is None:
                status, body = 400, b'[ERROR 400] "page" is out of valid range.'
            self.send_response(status)
            self.send_header("Content-Type", "application/json" if status == 200 else "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# MARK: - The terminal


class Screen:
    """The program on the master side of a pty, and what it has written."""

    def __init__(self, binary, args, env, columns, rows):
        self.rows = rows
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

        def controlling_terminal():
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            [binary] + args, stdin=slave, stdout=slave, stderr=slave, env=env,
            start_new_session=True, preexec_fn=controlling_terminal)
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self.status_at = f"\x1b[{rows};1H".encode()

    def write(self, data):
        os.write(self.master, data)
        return time.perf_counter()

    def read(self, timeout):
        """Reads what arrives within `timeout` seconds; returns (bytes, time read) or None."""
        ready, _, _ = select.select([self.master], [], [], max(0, timeout))
        if not ready:
            return None
        try:
            data = os.read(self.master, 1 << 16)
        except OSError:
            data = b""
        if not data:
            raise RuntimeError("imagesearch exited: " + self.text()[-400:])
        self.output += data
        return data, time.perf_counter()

    def drain(self, quiet, limit=30.0):
        """Reads until nothing arrives for `quiet` seconds."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline and self.read(quiet) is not None:
            pass

    def text(self):
        return ESCAPES.sub(b"", bytes(self.output)).decode("utf-8", "replace")

    def status(self):
        """(selected, count) from the last status line drawn, or None while it shows a
        spinner or a message."""
        at = self.output.rfind(self.status_at)
        if at < 0:
            return None
        line = ESCAPES.sub(b"", bytes(self.output[at : at + 600])).decode("utf-8", "replace")
        match = re.match(r"\s*(\d+)/(\d+) ·", line)
        return (int(match.group(1)), int(match.group(2))) if match else None

    def wait_status(self, predicate, limit):
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            self.read(0.05)
            state = self.status()
            if state is not None and predicate(state):
                self.drain(0.02)
                return self.status()
        raise TimeoutError(f"status not reached in {limit:.0f} s; last: {self.status()}")

    def frame_after(self, key, limit):
        """Writes `key`; whether a whole frame follows within `limit` seconds."""
        mark = len(self.output)
        deadline = self.write(key) + limit
        while self.output.find(FRAME_END, mark) < 0:
            if self.read(deadline - time.perf_counter()) is None:
                return False
        return True

    def key_to_frame(self, key, expected, limit):
        """Writes `key` and returns (first byte, end of frame) in seconds after the write,
        the end being the ESC[?25h after the counter `expected`."""
        mark = len(self.output)
        start = self.write(key)
        first = None
        deadline = start + limit
        while True:
            got = self.read(deadline - time.perf_counter())
            if got is None:
                raise TimeoutError(f"no frame with {expected!r} within {limit:.0f} s")
            if first is None:
                first = got[1] - start
            since = bytes(self.output[mark:])
            counter = since.rfind(expected)
            if counter >= 0 and since.find(FRAME_END, counter) >= 0:
                return first, got[1] - start

    def close(self):
        try:
            os.write(self.master, b"\x03")  # Ctrl-C quits when no search runs
            self.process.wait(timeout=5)
        except Exception:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


# MARK: - One case


def run_case(binary, total, huge, keys, columns, rows, load_limit, key_limit):
    catalog = Catalog(total, huge)
    server = serve(catalog)
    home = tempfile.mkdtemp(prefix="key-latency-")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
        "XDG_CACHE_HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8",
        "PIXABAY_API_KEY": "benchmark-key",
    }
    # A response over 10 MB is refused (Network.defaultMaximumBodySize): 200 hits of 90 kB
    # come in four pages of 50.
    per_page = 50 if huge else max(3, min(200, total))
    args = ["-i", "--no-cache", "--per-page", str(per_page),
            "--base-url", f"http://127.0.0.1:{server.server_address[1]}/api/"]
    screen = Screen(binary, args, env, columns, rows)
    result = {"total": total, "huge": huge, "per_page": per_page}
    try:
        screen.drain(0.3)
        for char in b"fox":
            screen.write(bytes([char]))
        started = time.perf_counter()
        screen.wait_status(lambda s: s[1] > 0, load_limit)
        stuck = 0
        while True:
            selected, count = screen.status()
            if count >= total or time.perf_counter() - started > load_limit:
                break
            # A PgDn that moves draws a frame; at the last row it asks for the next page (a
            # spinner frame within 100 ms) or, when there is none, draws nothing.
            if not screen.frame_after(PAGE_DOWN, key_limit if selected < count else 1.0):
                stuck += 1
                if stuck >= 5:
                    break
                continue
            stuck = 0
            screen.drain(0.03)
            if screen.status() is None:  # a page is loading: the spinner is on the status line
                screen.wait_status(lambda s: True, load_limit)
        selected, count = screen.status()
        result.update(loaded=count, load_seconds=time.perf_counter() - started,
                      requests=catalog.requests)
        firsts, frames = [], []
        block = max(1, min(count - 1, 30))
        while len(frames) < keys and count > 1:
            while selected > count - block:
                screen.write(PAGE_UP)
                selected, count = screen.wait_status(lambda s: s[0] < selected, key_limit)
            first, frame = screen.key_to_frame(
                DOWN, f"{selected + 1}/{count} ·".encode(), key_limit)
            screen.drain(0.01)
            firsts.append(first * 1000)
            frames.append(frame * 1000)
            selected, count = screen.status()
        result.update(first=firsts, frame=frames)
    except Exception as error:  # report what was measured so far
        result["error"] = str(error)
    finally:
        screen.close()
        server.shutdown()
    return result


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(fraction * len(ordered) + 0.5)) - 1))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--cases", default="20,1000,10000,huge",
                        help="comma-separated result counts; 'huge' is 200 hits of 45 kB strings")
    parser.add_argument("--keys", type=int, default=200, help="Down keys timed per case")
    parser.add_argument("--size", default="120x40", help="COLUMNSxROWS of the pty")
    parser.add_argument("--load-limit", type=float, default=300, help="seconds to load a case")
    parser.add_argument("--key-limit", type=float, default=30, help="seconds for one frame")
    parser.add_argument("--json", help="also write every sample to this file")
    options = parser.parse_args()
    columns, rows = (int(part) for part in options.size.split("x"))
    print(f"# {options.binary}, pty {columns}x{rows}, load average "
          f"{os.getloadavg()[0]:.2f}, {options.keys} Down keys per case")
    print("| case | loaded | keys | p50 ms | p99 ms | max ms | first byte p50 ms | load s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    results = []
    for case in options.cases.split(","):
        huge = case == "huge"
        total = 200 if huge else int(case)
        result = run_case(options.binary, total, huge, options.keys, columns, rows,
                          options.load_limit, options.key_limit)
        results.append(result)
        frames = result.get("frame", [])
        label = "200 × 45 kB" if huge else f"{total:,}"
        if frames:
            print(f"| {label} | {result['loaded']:,} | {len(frames)} | "
                  f"{statistics.median(frames):.2f} | {percentile(frames, 0.99):.2f} | "
                  f"{max(frames):.2f} | {statistics.median(result['first']):.2f} | "
                  f"{result['load_seconds']:.1f} |", flush=True)
        else:
            print(f"| {label} | {result.get('loaded', '?')} | 0 | – | – | – | – | – |", flush=True)
        if "error" in result:
            print(f"#   {label}: {result['error']}", flush=True)
        if result.get("loaded", total) < total:
            print(f"#   {label}: only {result.get('loaded')} of {total} loaded "
                  f"({result.get('requests')} requests)", flush=True)
    if options.json:
        with open(options.json, "w") as file:
            json.dump(results, file)


if __name__ == "__main__":
    main()
