"""The Algolia client's reads by id and of synonyms, checked against `serve` (a part of
algolia-client-check.py: the calls that read records by objectID, the synonyms, the settings
without them, an application's task, the rules' filters, and the helpers built on them).

The fixture's settings carry SYNONYMS: one with an objectID, one without (named by its place,
`synonym-2`)."""
from algoliasearch.http.exceptions import RequestException
from algoliasearch.search.models.synonym_type import SynonymType

SYNONYMS = [
    {"objectID": "sf", "type": "synonym", "synonyms": ["sci-fi", "science fiction"]},
    {"type": "oneWaySynonym", "input": "whodunit", "synonyms": ["mystery"]},
]


class ReadChecks:
    """Mixed into Checks: uses its `searcher` (search key), `admin` (admin key), `books`, `expect`,
    `plain`."""

    # Records: https://www.algolia.com/doc/rest-api/search/get-object
    def get_object(self):
        book = self.books[0]
        whole = self.plain(self.searcher.get_object(self.index, book["objectID"]))
        self.expect(whole == book, "record read back: %s, not %s" % (whole, book))
        some = self.plain(self.searcher.get_object(self.index, book["objectID"], attributes_to_retrieve=["title", "year"]))
        self.expect(some == {"objectID": book["objectID"], "title": book["title"], "year": book["year"]},
                    "attributesToRetrieve title,year: %s" % some)
        try:
            self.searcher.get_object(self.index, "no-such-id")
            raise self.Failure("a record for an id the index does not hold")
        except RequestException as error:
            self.expect(error.status_code == 404, "missing id: HTTP %s" % error.status_code)
        return "whole, with attributesToRetrieve, 404 for a missing id"

    # https://www.algolia.com/doc/rest-api/search/get-objects
    def get_objects(self):
        answer = self.plain(self.searcher.get_objects({"requests": [
            {"indexName": self.index, "objectID": "b03"},
            {"indexName": self.index, "objectID": "missing"},
            {"indexName": self.index, "objectID": "b01", "attributesToRetrieve": ["author"]},
        ]}))
        results = answer["results"]
        third = {"objectID": "b01", "author": self.books[0]["author"]}
        self.expect(results == [self.books[2], None, third], "results: %s" % results)
        try:
            self.searcher.get_objects({"requests": [{"indexName": "nowhere", "objectID": "b01"}]})
            raise self.Failure("records from an index that does not exist")
        except RequestException as error:
            self.expect(error.status_code == 404, "unknown index: HTTP %s" % error.status_code)
        return "in the order asked, null for a missing id, attributesToRetrieve per request"

    # Synonyms: https://www.algolia.com/doc/rest-api/search/search-synonyms, get-synonym
    def search_synonyms(self):
        every = self.plain(self.searcher.search_synonyms(self.index))
        self.expect(every["nbHits"] == 2 and [hit["objectID"] for hit in every["hits"]] == ["sf", "synonym-2"],
                    "every synonym: %s" % every)
        found = self.plain(self.searcher.search_synonyms(self.index, {"query": "whodunit"}))
        self.expect(found["nbHits"] == 1 and found["hits"][0] == dict(SYNONYMS[1], objectID="synonym-2"),
                    "whodunit: %s" % found)
        typed = self.plain(self.searcher.search_synonyms(self.index, {"type": "synonym"}))
        self.expect([hit["objectID"] for hit in typed["hits"]] == ["sf"], "type synonym: %s" % typed)
        # The client's enum sends Algolia's lower-case spelling.
        one_way = self.plain(self.searcher.search_synonyms(self.index, {"type": SynonymType.ONEWAYSYNONYM}))
        self.expect([hit["objectID"] for hit in one_way["hits"]] == ["synonym-2"], "type onewaysynonym: %s" % one_way)
        second = self.plain(self.searcher.search_synonyms(self.index, {"hitsPerPage": 1, "page": 1}))
        self.expect(second == {"hits": [dict(SYNONYMS[1], objectID="synonym-2")], "nbHits": 2}, "page 1 of 1: %s" % second)
        return "2 in all, 1 for whodunit, 1 of type synonym, 1 onewaysynonym, a page of 1"

    def get_synonym(self):
        entry = self.plain(self.searcher.get_synonym(self.index, "sf"))
        self.expect(entry == SYNONYMS[0], "sf read back: %s" % entry)
        try:
            self.searcher.get_synonym(self.index, "nope")
            raise self.Failure("a synonym for an id the settings do not hold")
        except RequestException as error:
            self.expect(error.status_code == 404, "missing synonym: HTTP %s" % error.status_code)
        return "read back as set, 404 for a missing id"

    def browse_synonyms(self):
        pages = []
        self.searcher.browse_synonyms(self.index, lambda page: pages.append(self.plain(page)))
        ids = [hit["objectID"] for page in pages for hit in page["hits"]]
        self.expect(ids == ["sf", "synonym-2"], "synonyms browsed: %s" % ids)
        return "every synonym once"

    def browse_rules(self):
        pages = []
        self.searcher.browse_rules(self.index, lambda page: pages.append(self.plain(page)))
        ids = [hit["objectID"] for page in pages for hit in page["hits"]]
        self.expect(ids == ["dune-promo"], "rules browsed: %s" % ids)
        return "every rule once"

    def index_exists(self):
        self.expect(self.searcher.index_exists(self.index) is True, "the index said missing")
        self.expect(self.searcher.index_exists("nowhere") is False, "an index that is not there said present")
        return "true for %s, false for another" % self.index

    # https://www.algolia.com/doc/rest-api/search/get-settings: getVersion 2 leaves the synonyms out.
    def get_settings_version_2(self):
        first = self.plain(self.searcher.get_settings(self.index))
        second = self.plain(self.searcher.get_settings(self.index, get_version=2))
        self.expect(len(first.get("synonyms", [])) == 2, "getVersion 1's synonyms: %s" % first.get("synonyms"))
        self.expect(second == {key: value for key, value in first.items() if key != "synonyms"},
                    "getVersion 2's keys: %s" % sorted(second))
        return "the same settings without synonyms"

    # https://www.algolia.com/doc/rest-api/search/get-app-task: a write's task, by its number alone.
    def get_app_task(self):
        task = self.plain(self.admin.set_settings(self.index, {"customRanking": ["asc(year)"]}))
        status = self.plain(self.admin.wait_for_app_task(task["taskID"]))
        self.expect(status.get("status") == "published", "wait_for_app_task: %s" % status)
        self.expect(self.plain(self.searcher.get_app_task(task["taskID"])).get("status") == "published", "get_app_task")
        try:
            self.admin.get_app_task(task["taskID"] + 1000)
            raise self.Failure("a task never given")
        except RequestException as error:
            self.expect(error.status_code == 404, "a task never given: HTTP %s" % error.status_code)
        return "taskID %s published; 404 for one never given" % task["taskID"]

    # https://www.algolia.com/doc/rest-api/search/search-rules: anchoring, context, enabled, page.
    def search_rules_filters(self):
        def found(parameters):
            return [hit["objectID"] for hit in self.plain(self.searcher.search_rules(self.index, parameters))["hits"]]
        rule = ["dune-promo"]
        asked = [({"anchoring": "contains"}, rule), ({"anchoring": "is"}, []), ({"context": "summer"}, []),
                 ({"enabled": True}, rule), ({"enabled": False}, []), ({"query": "murder", "hitsPerPage": 1}, rule)]
        for parameters, expected in asked:
            self.expect(found(parameters) == expected, "%s: %s, not %s" % (parameters, found(parameters), expected))
        beyond = self.plain(self.searcher.search_rules(self.index, {"hitsPerPage": 1, "page": 1}))
        self.expect(beyond == {"hits": [], "nbHits": 1, "page": 1, "nbPages": 1}, "page 1 of 1 rule: %s" % beyond)
        return "anchoring, context, enabled, page as asked"
