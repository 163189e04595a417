"""The Algolia client's read calls that `serve` does not take (a part of
algolia-client-check.py): each must answer as an unknown route does, HTTP 404 with Algolia's
error body `{"message": "no such route: …", "status": 404}`, which the client raises as a
RequestException. docs/serve.md ("The official Algolia clients") lists the same calls, with why.

A call that answers is a failure: then it works, and belongs with the checked calls."""

KEYS = "API keys are the ones serve was started with (--admin-key, --search-key)"
DICTIONARIES = "no dictionaries: stop words and plurals come from each index's settings"
CLUSTERS = "one server, no clusters or user IDs"

# name → why it is not supported; the calls themselves are made by `unsupported_calls`.
UNSUPPORTED = {
    "get_api_key": KEYS,
    "list_api_keys": KEYS,
    "get_logs": "no logs of requests are kept",
    "get_dictionary_settings": DICTIONARIES,
    "get_dictionary_languages": DICTIONARIES,
    "search_dictionary_entries": DICTIONARIES,
    "get_sources": "no source (IP) restrictions",
    "list_clusters": CLUSTERS,
    "list_user_ids": CLUSTERS,
    "get_user_id": CLUSTERS,
    "get_top_user_ids": CLUSTERS,
    "has_pending_mappings": CLUSTERS,
    "search_user_ids": CLUSTERS,
}


def unsupported_calls(client, failure):
    """(name, check) for each unsupported call, made with `client`; `failure` is the check's
    exception for a call that answered."""
    calls = {
        "get_api_key": lambda: client.get_api_key("client-check-search-key"),
        "list_api_keys": client.list_api_keys,
        "get_logs": client.get_logs,
        "get_dictionary_settings": client.get_dictionary_settings,
        "get_dictionary_languages": client.get_dictionary_languages,
        "search_dictionary_entries": lambda: client.search_dictionary_entries("stopwords", {"query": "the"}),
        "get_sources": client.get_sources,
        "list_clusters": client.list_clusters,
        "list_user_ids": client.list_user_ids,
        "get_user_id": lambda: client.get_user_id("user-1"),
        "get_top_user_ids": client.get_top_user_ids,
        "has_pending_mappings": client.has_pending_mappings,
        "search_user_ids": lambda: client.search_user_ids({"query": "user"}),
    }

    def refused(name):
        def check():
            calls[name]()
            raise failure("answered: it works now, so check its answer and take it off UNSUPPORTED")
        return check

    return [(name, refused(name)) for name in UNSUPPORTED]
