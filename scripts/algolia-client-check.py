#!/usr/bin/env python3
"""Algolia's own Python API client (algoliasearch v4) against `instantsearch serve`.

Starts the serve binary on a fixture of its own (25 books, written to a temporary directory),
points the client's sync search and insights clients at it over plain HTTP, and makes the calls
an Algolia user makes: search, multi-query, facet-value search, browse with its cursor, records
by id, synonyms, the settings' versions, an application's task and the rules' filters
(algolia_client_reads.py), settings, task status, rules, insights events. Each answer is checked
against what Algolia documents for it (fields and values), not only for "no exception".

One line per call: `ok`, `unsupported` (a read call docs/serve.md lists as not supported, with why,
answered as an unknown route: algolia_client_unsupported.py) or `FAIL`. Exits 1 on any failure, 2 when it cannot start the server.

Usage: algolia-client-check.py SERVE_BINARY
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from algoliasearch.http.exceptions import RequestException
from algoliasearch.http.hosts import Host, HostsCollection
from algoliasearch.http.transporter_sync import TransporterSync
from algoliasearch.insights.client import InsightsClientSync
from algoliasearch.insights.config import InsightsConfig
from algoliasearch.search.client import SearchClientSync
from algoliasearch.search.config import SearchConfig

from algolia_client_reads import SYNONYMS, ReadChecks
from algolia_client_unsupported import UNSUPPORTED, unsupported_calls

APP_ID = "CLIENTCHECK"
ADMIN_KEY = "client-check-admin-key"
SEARCH_KEY = "client-check-search-key"
INDEX = "books"

# (title, author, genre): real books, so that queries read naturally.
BOOKS = [
    ("Dune", "Frank Herbert", "science fiction"), ("Dune Messiah", "Frank Herbert", "science fiction"),
    ("Children of Dune", "Frank Herbert", "science fiction"),
    ("The Left Hand of Darkness", "Ursula Le Guin", "science fiction"),
    ("The Dispossessed", "Ursula Le Guin", "science fiction"), ("A Wizard of Earthsea", "Ursula Le Guin", "fantasy"),
    ("The Tombs of Atuan", "Ursula Le Guin", "fantasy"), ("The Farthest Shore", "Ursula Le Guin", "fantasy"),
    ("Murder on the Orient Express", "Agatha Christie", "mystery"), ("Death on the Nile", "Agatha Christie", "mystery"),
    ("And Then There Were None", "Agatha Christie", "mystery"), ("The ABC Murders", "Agatha Christie", "mystery"),
    ("SPQR", "Mary Beard", "history"), ("Women and Power", "Mary Beard", "history"), ("Pompeii", "Mary Beard", "history"),
    ("Confronting the Classics", "Mary Beard", "history"), ("Autobiography of Red", "Anne Carson", "poetry"),
    ("Glass, Irony and God", "Anne Carson", "poetry"), ("Nox", "Anne Carson", "poetry"),
    ("Decreation", "Anne Carson", "poetry"), ("The Word for World is Forest", "Ursula Le Guin", "science fiction"),
    ("Lavinia", "Ursula Le Guin", "fantasy"), ("Hyperion", "Dan Simmons", "science fiction"),
    ("Sleeping Murder", "Agatha Christie", "mystery"), ("Laughter in Ancient Rome", "Mary Beard", "history"),
]


def fixture():
    """25 books; ratings all differ, so custom ranking orders them without ties."""
    books = []
    for n, (title, author, genre) in enumerate(BOOKS):
        books.append({
            "objectID": "b%02d" % (n + 1),
            "title": title,
            "author": author,
            "genre": genre,
            "year": 1950 + n * 3,
            "rating": round(3.0 + (n * 7 % 25) / 12.5, 2),
        })
    settings = {
        "searchableAttributes": ["title", "author"],
        "attributesForFaceting": ["genre", "author"],
        "numericAttributesForFiltering": ["year", "rating"],
        "customRanking": ["desc(rating)"],
        "synonyms": SYNONYMS,
    }
    return books, settings


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def has_fields(answer, names, what):
    missing = [name for name in names if name not in answer]
    expect(not missing, "%s: missing %s in %s" % (what, ", ".join(missing), sorted(answer)))


class Serve:
    """`instantsearch serve` on a free port, with an app id, an admin key and a search key."""

    def __init__(self, binary, data):
        environment = dict(os.environ, INSTANTSEARCH_ADMIN_KEY=ADMIN_KEY)
        self.process = subprocess.Popen(
            [binary, "serve", "--port", "0", "--app-id", APP_ID, "--search-key", SEARCH_KEY, data],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, text=True)
        line = self.process.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if not found:
            self.stop()
            raise SystemExit("cannot start %s: %s%s" % (binary, line, self.process.stderr.read()))
        self.port = int(found.group(1))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait()


# Every answer's JSON as the server sent it, in order, whichever client asked.
ANSWERS = []


class RecordingTransporter(TransporterSync):
    """The client's own transporter, keeping each answer's JSON (see `plain`)."""

    def request(self, *arguments, **options):
        response = super().request(*arguments, **options)
        ANSWERS.append(json.loads(response.raw_data) if response.raw_data else None)
        return response


def plain(_parsed):
    """The JSON of the answer the client just parsed into `_parsed` (one of its models): the
    checks read Algolia's own field names, once the client has accepted the answer."""
    return ANSWERS[-1]


def configured(config, port):
    """Plain HTTP to serve on loopback, for reads and writes alike."""
    config.hosts = HostsCollection([Host("127.0.0.1", scheme="http", port=port)])
    return config


def search_client(port, key):
    config = configured(SearchConfig(APP_ID, key), port)
    return SearchClientSync.create_with_config(config, RecordingTransporter(config))


def insights_client(port):
    config = configured(InsightsConfig(APP_ID, ADMIN_KEY), port)
    return InsightsClientSync.create_with_config(config, RecordingTransporter(config))


class Checks(ReadChecks):
    index = INDEX
    Failure = Failure
    expect = staticmethod(expect)
    plain = staticmethod(plain)

    def __init__(self, port, books):
        self.admin = search_client(port, ADMIN_KEY)
        self.searcher = search_client(port, SEARCH_KEY)
        self.insights = insights_client(port)
        self.books = books
        self.failures = 0

    def run(self, name, check):
        try:
            detail = check()
            print("ok           %-26s %s" % (name, detail or ""))
        except RequestException as error:
            # An unknown route's answer, as Algolia gives it: 404 with its error body.
            if name in UNSUPPORTED and error.status_code == 404 and error.message.startswith("no such route"):
                print("unsupported  %-26s %s (HTTP 404: %s)" % (name, UNSUPPORTED[name], error.message))
                return
            self.failures += 1
            print("FAIL         %-26s HTTP %s: %s" % (name, error.status_code, error.message))
        except Failure as failure:
            self.failures += 1
            print("FAIL         %-26s %s" % (name, failure))
        except Exception as error:  # the client refused the answer (its models' validation)
            self.failures += 1
            first = str(error).strip().splitlines()
            print("FAIL         %-26s the client refused the answer: %s: %s" % (
                name, type(error).__name__, " / ".join(first[:3])))

    # Search: https://www.algolia.com/doc/rest-api/search/search-single-index
    def search_single_index(self):
        answer = plain(self.searcher.search_single_index(INDEX, {
            "query": "dune", "hitsPerPage": 2, "facets": ["genre"], "attributesToRetrieve": ["title", "author"]}))
        has_fields(answer, ["hits", "nbHits", "page", "nbPages", "hitsPerPage", "processingTimeMS", "query", "params",
                            "exhaustiveNbHits", "facets"], "answer")
        expect(answer["query"] == "dune", "query echoed as %r" % answer["query"])
        expect(answer["nbHits"] == 3 and answer["nbPages"] == 2 and answer["hitsPerPage"] == 2 and answer["page"] == 0,
               "nbHits/nbPages/hitsPerPage/page: %s" % [answer[k] for k in ("nbHits", "nbPages", "hitsPerPage", "page")])
        expect(answer["facets"] == {"genre": {"science fiction": 3}}, "facets: %s" % answer["facets"])
        hit = answer["hits"][0]
        expect(set(hit) >= {"objectID", "title", "author", "_highlightResult"}, "hit fields: %s" % sorted(hit))
        expect("year" not in hit, "attributesToRetrieve ignored: year came back")
        title = hit["_highlightResult"]["title"]
        expect("<em>Dune</em>" in title["value"] and title["matchLevel"] in ("full", "partial")
               and title["matchedWords"] == ["dune"], "_highlightResult.title: %s" % title)
        return "%d hits, highlight %s" % (answer["nbHits"], title["value"])

    # Multi-query: https://www.algolia.com/doc/rest-api/search/search
    def search_multi_query(self):
        answer = plain(self.searcher.search({"requests": [
            {"indexName": INDEX, "query": "murder", "hitsPerPage": 10},
            {"indexName": INDEX, "query": "", "filters": "year >= 2000", "hitsPerPage": 1},
        ]}))
        results = answer["results"]
        expect(len(results) == 2, "%d results for 2 requests" % len(results))
        murders = sorted(hit["objectID"] for hit in results[0]["hits"])
        expect(murders == ["b09", "b12", "b24"], "murder: %s" % murders)
        recent = [book for book in self.books if book["year"] >= 2000]
        expect(results[1]["nbHits"] == len(recent) and len(results[1]["hits"]) == 1,
               "year >= 2000: %s hits, %d on the page" % (results[1]["nbHits"], len(results[1]["hits"])))
        best = max(recent, key=lambda book: book["rating"])["objectID"]
        expect(results[1]["hits"][0]["objectID"] == best, "customRanking desc(rating): first %s, not %s"
               % (results[1]["hits"][0]["objectID"], best))
        for result in results:
            has_fields(result, ["hits", "nbHits", "page", "nbPages", "hitsPerPage", "processingTimeMS", "query", "params"],
                       "result")
        return "2 results (%d, %d hits)" % (results[0]["nbHits"], results[1]["nbHits"])

    # Multi-query with a facet search: type "facet" in a request.
    def search_multi_facet(self):
        answer = plain(self.searcher.search({"requests": [
            {"indexName": INDEX, "type": "facet", "facet": "genre", "facetQuery": "fan"},
        ]}))
        result = answer["results"][0]
        expect(result.get("facetHits") and result["facetHits"][0]["value"] == "fantasy", "facetHits: %s" % result)
        return "facetHits %s" % result["facetHits"]

    # Facet values: https://www.algolia.com/doc/rest-api/search/search-for-facet-values
    def search_for_facet_values(self):
        answer = plain(self.searcher.search_for_facet_values(INDEX, "author", {"facetQuery": "le g"}))
        has_fields(answer, ["facetHits", "exhaustiveFacetsCount", "processingTimeMS"], "answer")
        expect(len(answer["facetHits"]) == 1, "facetHits: %s" % answer["facetHits"])
        hit = answer["facetHits"][0]
        expect(hit["value"] == "Ursula Le Guin" and hit["count"] == 7, "facet hit: %s" % hit)
        expect("<em>" in hit["highlighted"] and hit["highlighted"].replace("<em>", "").replace("</em>", "") == hit["value"],
               "highlighted: %s" % hit["highlighted"])
        return "%s (%d) %s" % (hit["value"], hit["count"], hit["highlighted"])

    # Browse: https://www.algolia.com/doc/rest-api/search/browse — a cursor until the last page.
    def browse(self):
        pages = []
        self.admin.browse_objects(INDEX, lambda page: pages.append(plain(page)), {"hitsPerPage": 10})
        expect(len(pages) == 3, "%d pages of 10 for 25 records" % len(pages))
        expect(all("cursor" in page for page in pages[:-1]), "a cursor on every page but the last")
        expect("cursor" not in pages[-1], "the last page carries a cursor: %s" % pages[-1].get("cursor"))
        seen = [hit["objectID"] for page in pages for hit in page["hits"]]
        expect(sorted(seen) == sorted(book["objectID"] for book in self.books), "objectIDs browsed: %s" % seen)
        expect(pages[0]["nbHits"] == 25, "nbHits %s" % pages[0]["nbHits"])
        return "3 pages (10, 10, 5), every record once"

    # Settings: https://www.algolia.com/doc/rest-api/search/get-settings, set-settings, get-task.
    def get_settings(self):
        answer = plain(self.searcher.get_settings(INDEX))
        expect(answer.get("searchableAttributes") == ["title", "author"], "searchableAttributes %s" % answer)
        expect(answer.get("attributesForFaceting") == ["genre", "author"], "attributesForFaceting %s" % answer)
        expect(answer.get("customRanking") == ["desc(rating)"], "customRanking %s" % answer.get("customRanking"))
        return "searchableAttributes, attributesForFaceting, customRanking as set"

    def set_settings(self):
        task = plain(self.admin.set_settings(INDEX, {"customRanking": ["asc(year)"]}))
        has_fields(task, ["taskID", "updatedAt"], "answer")
        status = plain(self.admin.wait_for_task(INDEX, task["taskID"]))
        expect(status.get("status") == "published", "task status %s" % status)
        expect(plain(self.searcher.get_settings(INDEX)).get("customRanking") == ["asc(year)"], "customRanking not changed")
        first = self.searcher.search_single_index(INDEX, {"query": "", "hitsPerPage": 1}).hits[0].object_id
        expect(first == "b01", "asc(year) puts b01 first, not %s" % first)
        expect(plain(self.admin.get_task(INDEX, task["taskID"])).get("status") == "published", "get_task")
        try:
            self.searcher.set_settings(INDEX, {"customRanking": ["desc(year)"]})
            raise Failure("a search key changed the settings")
        except RequestException as error:
            expect(error.status_code == 403, "a search key's set_settings: HTTP %s" % error.status_code)
        return "taskID %s published; asc(year) in force; 403 for a search key" % task["taskID"]

    # Rules: https://www.algolia.com/doc/rest-api/search/save-rule and the rules' other routes.
    RULE = {
        "objectID": "dune-promo",
        "conditions": [{"pattern": "murder", "anchoring": "contains"}],
        "consequence": {"promote": [{"objectID": "b01", "position": 0}], "userData": {"banner": "Read Dune"}},
        "description": "Dune first for murders",
    }

    def save_rule(self):
        task = plain(self.admin.save_rule(INDEX, "dune-promo", self.RULE))
        has_fields(task, ["taskID", "updatedAt"], "answer")
        self.admin.wait_for_task(INDEX, task["taskID"])
        answer = plain(self.searcher.search_single_index(INDEX, {"query": "murder"}))
        expect(answer["hits"][0]["objectID"] == "b01", "promoted hit first: %s" % answer["hits"][0]["objectID"])
        expect(answer.get("userData") == [{"banner": "Read Dune"}], "userData %s" % answer.get("userData"))
        expect("_rankingInfo" not in answer["hits"][0], "_rankingInfo without getRankingInfo")
        explained = plain(self.searcher.search_single_index(INDEX, {"query": "murder", "getRankingInfo": True}))
        info = explained["hits"][0].get("_rankingInfo", {})
        expect(info.get("promoted") is True, "getRankingInfo: the promoted hit's _rankingInfo %s" % info)
        has_fields(explained["hits"][1]["_rankingInfo"], ["nbTypos", "firstMatchedWord", "geoDistance", "nbExactWords",
                                                         "userScore", "words", "proximityDistance"], "_rankingInfo")
        return "b01 promoted (_rankingInfo.promoted with getRankingInfo), userData %s" % answer["userData"]

    def get_rule(self):
        rule = plain(self.searcher.get_rule(INDEX, "dune-promo"))
        # Algolia takes a promotion as {"objectID", "position"} or {"objectIDs": [...], "position"}.
        promoted = [(promotion.get("objectIDs") or [promotion.get("objectID")], promotion["position"])
                    for promotion in rule["consequence"]["promote"]]
        expect(rule["objectID"] == "dune-promo" and rule["conditions"] == self.RULE["conditions"]
               and promoted == [(["b01"], 0)] and rule["consequence"]["userData"] == {"banner": "Read Dune"},
               "rule read back: %s" % rule)
        return "read back as saved"

    def search_rules(self):
        answer = plain(self.searcher.search_rules(INDEX, {"query": "murder"}))
        has_fields(answer, ["hits", "nbHits", "page", "nbPages"], "answer")
        expect(answer["nbHits"] == 1 and answer["hits"][0]["objectID"] == "dune-promo", "rules found: %s" % answer)
        none = plain(self.searcher.search_rules(INDEX, {"query": "poetry"}))
        expect(none["nbHits"] == 0, "rules for poetry: %s" % none)
        return "1 rule for murder, none for poetry"

    def save_rules_and_clear(self):
        more = [dict(self.RULE, objectID="extra-%d" % n) for n in range(3)]
        task = plain(self.admin.save_rules(INDEX, more))
        self.admin.wait_for_task(INDEX, task["taskID"])
        expect(plain(self.searcher.search_rules(INDEX, {}))["nbHits"] == 4, "4 rules after the batch")
        task = plain(self.admin.save_rules(INDEX, more[:1], clear_existing_rules=True))
        self.admin.wait_for_task(INDEX, task["taskID"])
        expect(plain(self.searcher.search_rules(INDEX, {}))["nbHits"] == 1, "clearExistingRules=true kept others")
        task = plain(self.admin.clear_rules(INDEX))
        self.admin.wait_for_task(INDEX, task["taskID"])
        expect(plain(self.searcher.search_rules(INDEX, {}))["nbHits"] == 0, "rules left after clear_rules")
        return "batch of 3, clearExistingRules, clear"

    def delete_rule(self):
        self.admin.save_rule(INDEX, "dune-promo", self.RULE)
        task = plain(self.admin.delete_rule(INDEX, "dune-promo"))
        has_fields(task, ["taskID", "updatedAt"], "answer")
        try:
            self.searcher.get_rule(INDEX, "dune-promo")
            raise Failure("the rule is still there")
        except RequestException as error:
            expect(error.status_code == 404, "get_rule after delete: HTTP %s" % error.status_code)
        first = self.searcher.search_single_index(INDEX, {"query": "murder"}).hits[0].object_id
        expect(first != "b01", "the deleted rule still promotes b01")
        return "gone (404), no longer applied"

    # Insights: https://www.algolia.com/doc/rest-api/insights/push-events
    def push_events(self):
        answer = plain(self.insights.push_events({"events": [
            {"eventType": "click", "eventName": "Book clicked", "index": INDEX, "userToken": "user-1",
             "objectIDs": ["b01"], "positions": [1], "queryID": "0" * 32},
            {"eventType": "view", "eventName": "Books viewed", "index": INDEX, "userToken": "user-1",
             "objectIDs": ["b01", "b02"]},
        ]}))
        expect(answer.get("status") == 200 and answer.get("message") == "OK", "answer %s" % answer)
        return "2 events accepted"

    # Indices: https://www.algolia.com/doc/rest-api/search/list-indices
    def list_indices(self):
        answer = plain(self.admin.list_indices())
        item = answer["items"][0]
        has_fields(item, ["name", "entries", "createdAt", "updatedAt", "dataSize", "fileSize", "lastBuildTimeS",
                          "numberOfPendingTasks", "pendingTask"], "item")
        expect(item["name"] == INDEX and item["entries"] == 25, "item %s" % item)
        return "%s, %d entries" % (item["name"], item["entries"])


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__.split("Usage: ")[1])
    books, settings = fixture()
    with tempfile.TemporaryDirectory(prefix="algolia-client-check.") as directory:
        data = os.path.join(directory, INDEX + ".json")
        with open(data, "w") as file:
            json.dump(books, file)
        with open(os.path.join(directory, INDEX + ".settings.json"), "w") as file:
            json.dump(settings, file)
        serve = Serve(sys.argv[1], data)
        try:
            checks = Checks(serve.port, books)
            # Read-only calls first, on the settings as written; then the ones that change things.
            for name, check in [
                ("search_single_index", checks.search_single_index),
                ("search (multi-query)", checks.search_multi_query),
                ("search (type facet)", checks.search_multi_facet),
                ("search_for_facet_values", checks.search_for_facet_values),
                ("browse_objects", checks.browse),
                ("get_object", checks.get_object),
                ("get_objects", checks.get_objects),
                ("search_synonyms", checks.search_synonyms),
                ("get_synonym", checks.get_synonym),
                ("browse_synonyms", checks.browse_synonyms),
                ("index_exists", checks.index_exists),
                ("list_indices", checks.list_indices),
                ("get_settings", checks.get_settings),
                ("get_settings (getVersion 2)", checks.get_settings_version_2),
                ("set_settings", checks.set_settings),
                ("get_app_task", checks.get_app_task),
                ("save_rule", checks.save_rule),
                ("get_rule", checks.get_rule),
                ("search_rules", checks.search_rules),
                ("search_rules (filters)", checks.search_rules_filters),
                ("browse_rules", checks.browse_rules),
                ("save_rules, clear_rules", checks.save_rules_and_clear),
                ("delete_rule", checks.delete_rule),
                ("push_events", checks.push_events),
            ] + unsupported_calls(checks.searcher, Failure):
                checks.run(name, check)
        finally:
            serve.stop()
    if checks.failures:
        print("%d call(s) failed" % checks.failures)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
