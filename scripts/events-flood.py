#!/usr/bin/env python3
"""A flood of Insights clicks against `instantsearch serve`, as a search-only client could send
it: one real search's queryID, then REQUESTS batches of 1,000 clicks, each click naming 20
objectIDs. Every STEP requests it prints the server's resident memory and how long the query
the clicks name takes to answer (the median of 3 searches; a search not answered within 30 s
is shown as "> 30 s").

    python3 scripts/events-flood.py SERVE_BINARY [--requests 1500] [--step 100] [--ids made-up|real]
        [--data Resources/demo/products.json] [--query tv]

--ids made-up (the default): objectIDs no record has (fake-R-E-N). --ids real: the index's own
objectIDs, a new search (a new queryID) before each batch, so that the events are accepted and
the bounds of what re-ranking keeps are what holds memory and time flat.

Not a test: it loads a core for a minute or more. Run it by hand, before and after a change.
"""
import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import time

ADMIN = "flood-admin"
SEARCH = "flood-search"


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def request(port, method, path, body, key=SEARCH, timeout=30):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json", "X-Algolia-API-Key": key, "X-Algolia-Application-Id": "flood"}
    connection.request(method, path, body, headers)
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, data


def search(port, query, click_analytics=False):
    body = json.dumps({"query": query, "clickAnalytics": click_analytics, "hitsPerPage": 20})
    status, data = request(port, "POST", "/1/indexes/products/query", body)
    if status != 200:
        raise SystemExit(f"search answered {status}: {data[:200]!r}")
    return json.loads(data)


def timed_search(port, query):
    times = []
    for _ in range(3):
        started = time.monotonic()
        try:
            search(port, query)
        except (OSError, http.client.HTTPException):
            return None
        times.append(time.monotonic() - started)
    return statistics.median(times)


def batch(queryID, ids, positions):
    events = []
    for e in range(1000):
        chosen = ids(e)
        events.append({
            "eventType": "click", "eventName": "Hit Clicked", "index": "products", "userToken": "flood",
            "queryID": queryID, "objectIDs": chosen, "positions": positions[: len(chosen)],
        })
    return json.dumps({"events": events})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("serve")
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--step", type=int, default=100)
    parser.add_argument("--ids", choices=["made-up", "real"], default="made-up")
    parser.add_argument("--data", default="Resources/demo/products.json")
    parser.add_argument("--query", default="tv")
    args = parser.parse_args()

    env = dict(os.environ, XDG_STATE_HOME="/nonexistent-flood-state", XDG_CACHE_HOME="/tmp/flood-cache")
    server = subprocess.Popen(
        [args.serve, args.data, "--port", "0", "--admin-key", ADMIN, "--search-key", SEARCH, "--max-body-bytes", str(2 << 20),
         "--no-suggestions"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    try:
        line = server.stdout.readline()
        match = re.search(r":(\d+) ", line)
        if not match:
            raise SystemExit(f"serve did not say its port: {line!r}")
        port = int(match.group(1))
        first = search(port, args.query, click_analytics=True)
        queryID = first["queryID"]
        every = [record["objectID"] for record in json.load(open(args.data))]
        positions = list(range(1, 21))
        print(f"{'requests':>8} {'accepted':>8} {'RSS MB':>8} {'search s':>9}")
        print(f"{0:>8} {0:>8} {rss_mb(server.pid):>8.1f} {timed_search(port, args.query):>9.4f}")
        accepted = 0
        for r in range(1, args.requests + 1):
            if args.ids == "made-up":
                body = batch(queryID, lambda e: [f"fake-{r}-{e}-{n}" for n in range(20)], positions)
            else:
                queryID = search(port, args.query, click_analytics=True)["queryID"]
                body = batch(queryID, lambda e: [every[(r * 7919 + e * 20 + n) % len(every)] for n in range(20)], positions)
            try:
                status, _ = request(port, "POST", "/1/events", body, timeout=60)
                accepted += status == 200
            except (OSError, http.client.HTTPException):
                pass
            if r % args.step == 0 or r == args.requests:
                took = timed_search(port, args.query)
                shown = f"{took:>9.4f}" if took is not None else f"{'> 30 s':>9}"
                print(f"{r:>8} {accepted:>8} {rss_mb(server.pid):>8.1f} {shown}", flush=True)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    sys.exit(main())
