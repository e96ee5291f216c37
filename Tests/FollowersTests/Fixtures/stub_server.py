#!/usr/bin/env python3
"""Loopback stand-in for the GitHub REST API, used by LiveUserAPI tests.

Binds 127.0.0.1 on a free port and prints two lines on stdout:
  1. the port it serves on;
  2. a port that was free a moment ago and is now closed (for "connection refused").
It exits when stdin reaches end-of-file (the test closed it or died), on SIGTERM,
or after --lifetime seconds, so it can never outlive the test run for long.

Routes are chosen by the login in .../users/<login>[/followers]; any path prefix
before /users/ is accepted (so base URLs like /api/v3 work):
  octocat        200 user-octocat.json; followers-octocat.json (needs per_page=100)
  nameless       200 user-nameless.json; followers []
  rate-limited   403 GitHub rate-limit JSON, X-RateLimit-Remaining: 0
  too-many       429 with an empty body
  bad-credentials 401 {"message": "Bad credentials (got <Authorization header>)"}
  forbidden      403 {"message": "Forbidden"}
  server-error   500 plain text
  teapot         418 {"message": "I'm a teapot"}
  malformed      200 truncated JSON
  missing-field  200 user without "followers"
  wrong-type     200 user whose "followers" is a string
  empty-body     200 with no body
  bad-followers  200 user; followers list whose second entry lacks "login"
  not-a-list     200 user object for both routes (followers expects a list)
  slow           sleeps --slow seconds, then 200 user
  echo-auth      200 user whose "name" is the Authorization header (null if absent)
  echo-request*  200 user whose "name" is "<raw path> accept=<Accept header>";
                 followers: one follower whose "login" is the raw path
  anything else  404 GitHub "Not Found" JSON
"""
import argparse
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit, parse_qs

HERE = os.path.dirname(os.path.abspath(__file__))
RATE_LIMIT_MESSAGE = (
    "API rate limit exceeded for 127.0.0.1. (But here's the good news: "
    "Authenticated requests get a higher rate limit. "
    "Check out the documentation for more details.)"
)


def fixture(name):
    with open(os.path.join(HERE, name), "rb") as handle:
        return handle.read()


def user(login, name=None, followers=0):
    return json.dumps({"login": login, "id": 1, "name": name, "followers": followers}).encode()


class Handler(BaseHTTPRequestHandler):
    server_version = "StubGitHub/1.0"
    slow_seconds = 5.0

    def log_message(self, format, *args):  # keep test output clean
        pass

    def send(self, status, body=b"", content_type="application/json", headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if body:
            self.wfile.write(body)

    def do_GET(self):
        parts = urlsplit(self.path)
        marker = "/users/"
        if marker not in parts.path:
            return self.send(404, b'{"message": "Not Found"}')
        rest = parts.path.split(marker, 1)[1].split("/")
        login = unquote(rest[0])
        tail = rest[1:]
        if tail not in ([], ["followers"]):
            return self.send(404, b'{"message": "Not Found"}')
        wants_followers = tail == ["followers"]
        if wants_followers and parse_qs(parts.query).get("per_page") != ["100"]:
            return self.send(400, b'{"message": "expected per_page=100"}')
        self.route(login, wants_followers)

    def route(self, login, wants_followers):
        if login == "octocat":
            name = "followers-octocat.json" if wants_followers else "user-octocat.json"
            return self.send(200, fixture(name))
        if login == "nameless":
            return self.send(200, b"[]" if wants_followers else fixture("user-nameless.json"))
        if login == "rate-limited":
            body = json.dumps({
                "message": RATE_LIMIT_MESSAGE,
                "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
            }).encode()
            limits = {"X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0"}
            return self.send(403, body, headers=limits)
        if login == "too-many":
            return self.send(429, b"", content_type="text/plain")
        if login == "bad-credentials":
            message = "Bad credentials (got %s)" % self.headers.get("Authorization")
            return self.send(401, json.dumps({"message": message}).encode())
        if login == "forbidden":
            return self.send(403, b'{"message": "Forbidden"}')
        if login == "server-error":
            return self.send(500, b"Internal Server Error", content_type="text/plain")
        if login == "teapot":
            return self.send(418, b'{"message": "I\'m a teapot"}')
        if login == "malformed":
            return self.send(200, b'{"login": "malformed", "followers": ')
        if login == "missing-field":
            return self.send(200, b'{"login": "missing-field", "name": null}')
        if login == "wrong-type":
            return self.send(200, b'{"login": "wrong-type", "name": null, "followers": "lots"}')
        if login == "empty-body":
            return self.send(200, b"")
        if login == "bad-followers":
            body = b'[{"login": "alice"}, {"id": 2}]' if wants_followers else user(login, None, 2)
            return self.send(200, body)
        if login == "not-a-list":
            return self.send(200, user(login))
        if login == "slow":
            time.sleep(self.slow_seconds)
            return self.send(200, user(login))
        if login == "echo-auth":
            return self.send(200, user(login, self.headers.get("Authorization")))
        if login.startswith("echo-request"):
            if wants_followers:
                return self.send(200, json.dumps([{"login": self.path}]).encode())
            echo = "%s accept=%s" % (self.path, self.headers.get("Accept"))
            return self.send(200, user(login, echo))
        body = json.dumps({
            "message": "Not Found",
            "documentation_url": "https://docs.github.com/rest/users/users#get-a-user",
            "status": "404",
        }).encode()
        return self.send(404, body)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # clients that time out close early; that is expected here


def closed_port():
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(1024):
            pass
    finally:
        os._exit(0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=float, default=5.0, help="seconds the slow route sleeps")
    parser.add_argument("--lifetime", type=float, default=120.0, help="exit after this many seconds")
    options = parser.parse_args()
    Handler.slow_seconds = options.slow

    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    print(closed_port(), flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    threading.Timer(options.lifetime, lambda: os._exit(0)).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
