#!/usr/bin/env python3
"""Partial heads against `instantsearch serve`: HOLD sockets each send the start of a request
head and never finish it (a slowloris), while normal searches are made beside them. Prints
how many of the normal searches were answered 200, and how long the slowest took.

    python3 scripts/serve-partial-heads.py PORT [HOLD=1000] [SEARCHES=134]
"""
import http.client
import json
import socket
import sys
import time

port = int(sys.argv[1])
hold = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
searches = int(sys.argv[3]) if len(sys.argv) > 3 else 134

held = []
for _ in range(hold):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"POST /1/indexes/products/query HTTP/1.1\r\nHost: x\r\nX-Partial: ")
    held.append(s)

answered, slowest = 0, 0.0
body = json.dumps({"query": "sony", "hitsPerPage": 5})
for i in range(searches):
    started = time.monotonic()
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        c.request("POST", "/1/indexes/products/query", body, {"Content-Type": "application/json"})
        if c.getresponse().status == 200:
            answered += 1
        c.close()
    except OSError:
        pass
    slowest = max(slowest, time.monotonic() - started)
    # Each newcomer may have closed a partial head; the slowloris opens another at once.
    try:
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"POST /1/indexes/products/query HTTP/1.1\r\nHost: x\r\nX-Partial: ")
        held.append(s)
    except OSError:
        pass

print(f"{answered} of {searches} searches answered beside {hold} partial heads; slowest {slowest * 1000:.0f} ms")
for s in held:
    s.close()
