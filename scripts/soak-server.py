#!/usr/bin/env python3
"""A loopback HTTP server in its own process for scripts/soak-network.sh (SOAK_URL): every
request gets a small JSON page, so the soak's process holds the client only."""
import http.server
import sys

BODY = b'{"totalHits": 1, "hits": []}'


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)

    def log_message(self, *arguments):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a request disposed in flight resets its connection: expected here


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
