#!/usr/bin/env python3
"""Resident memory of line mode searching pages at every cap: a loopback server answers
each search with 200 hits whose three addresses are 4,096 bytes long and whose user name
and 50 tags are 256 bytes each (about 5 MB of JSON a page); `imagesearch -i` in line mode
(stdin a pipe) searches QUERIES different queries with --per-page 200 --no-cache (so the
pages go to the in-memory cache), and VmRSS (/proc/PID/status) is printed every STEP
queries.

    scripts/memory-lines.py [--binary .build/debug/imagesearch] [--queries 80] [--step 10]
        [-- extra imagesearch arguments, e.g. --cache-memory 8]
"""
import argparse
import http.server
import json
import os
import select
import subprocess
import sys
import threading
import time

HITS = 200


def page(serial):
    def text(length, seed):
        prefix = f"{seed}-"
        return prefix + "x" * (length - len(prefix))

    hits = []
    for index in range(HITS):
        seed = serial * 1000 + index
        url = "http://127.0.0.1/" + text(4096 - len("http://127.0.0.1/"), seed)
        hits.append({
            "id": seed, "pageURL": url, "imageWidth": 1, "imageHeight": 1,
            "previewURL": url, "previewWidth": 1, "previewHeight": 1,
            "webformatURL": url, "webformatWidth": 1, "webformatHeight": 1,
            "views": 1, "downloads": 1, "likes": 1,
            "tags": ", ".join(text(256, seed * 100 + tag) for tag in range(50)),
            "user": text(256, seed),
        })
    return json.dumps({"total": HITS, "totalHits": HITS, "hits": hits}).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    serial = 0

    def do_GET(self):
        Handler.serial += 1
        body = page(Handler.serial)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def drain(stream, quiet, limit):
    start = time.monotonic()
    last = start
    while time.monotonic() - start < limit:
        ready, _, _ = select.select([stream], [], [], 0.05)
        if ready:
            if not os.read(stream.fileno(), 1 << 20):
                return
            last = time.monotonic()
        elif time.monotonic() - last >= quiet:
            return


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/debug/imagesearch")
    parser.add_argument("--queries", type=int, default=80)
    parser.add_argument("--step", type=int, default=10)
    parser.add_argument("extra", nargs="*")
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/api/"
    env = dict(os.environ)
    env.pop("PIXABAY_API_KEY", None)
    process = subprocess.Popen(
        [args.binary, "-i", "--api-key", "k-memory", "--base-url", base, "--no-cache",
         "--per-page", "200"] + args.extra,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    drain(process.stdout, 0.5, 5)
    print(f"query {0:4d}  VmRSS {rss_kib(process.pid) / 1024:8.1f} MiB", flush=True)
    for number in range(1, args.queries + 1):
        process.stdin.write(f"capped {number}\n".encode())
        process.stdin.flush()
        drain(process.stdout, 0.7, 30)
        if number % args.step == 0:
            print(f"query {number:4d}  VmRSS {rss_kib(process.pid) / 1024:8.1f} MiB", flush=True)
    process.stdin.write(b":quit\n")
    process.stdin.close()
    drain(process.stdout, 1, 10)
    process.terminate()
    process.wait(timeout=10)
    server.shutdown()


if __name__ == "__main__":
    sys.exit(main())
