-- wrk script for `instantsearch serve`: one keystroke's multi-query (what the TUI sends), the
-- text cycling through the prefixes of a few words so the engine does real work.
-- wrk -t2 -c16 -d10s -s scripts/serve-load.lua http://127.0.0.1:7700/1/indexes/*/queries
local prefixes = {}
for _, word in ipairs({"sony", "headphones", "samsung tv", "lapt", "coffee"}) do
  for i = 1, #word do prefixes[#prefixes + 1] = word:sub(1, i) end
end
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Algolia-Application-Id"] = "bench"
wrk.headers["X-Algolia-API-Key"] = "bench"
request = function()
  n = n + 1
  local text = prefixes[(n % #prefixes) + 1]
  local body = '{"requests":[{"indexName":"products","query":"' .. text ..
    '","hitsPerPage":20,"facets":["category","brand","colour","department","price","rating","reviews"],' ..
    '"disjunctiveFacets":["brand","colour"]}]}'
  return wrk.format(nil, nil, nil, body)
end
