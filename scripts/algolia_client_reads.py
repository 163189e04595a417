"""The Algolia client's reads by id and of synonyms, checked against `serve` (a part of
algolia-client-check.py: the calls that read records by objectID, the synonyms, and the
helpers built on them).

The fixture's settings carry SYNONYMS: one with an objectID, one without (named by its place,
`synonym-2`)."""
from algoliasearch.http.exceptions import RequestException

SYNONYMS = [
    {"objectID": "sf", "type": "synonym", "synonyms": ["sci-fi", "science fiction"]},
    {"type": "oneWaySynonym", "input": "whodunit", "synonyms": ["mystery"]},
]


class ReadChecks:
    """Mixed into Checks: uses its `searcher` (search key), `books`, `expect`, `plain`."""

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
        return "2 in all, 1 for whodunit, 1 of type synonym"

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
