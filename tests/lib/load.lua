-- tests/lib/load.lua — one kind of request of the mixed load on
-- examples/hello, for wrk (tests/lib/load.sh, bench/soak.sh):
--
--   wrk -t1 -cN -dDURATION --latency --timeout 30s -s load.lua URL -- KIND [COUNT [STATUS]]
--
-- KIND is one of the names in `kinds` below; COUNT (optional, 0 = none)
-- stops the run after that many answers; STATUS replaces the kind's
-- expected status. Each answer is checked against its
-- kind: the expected status, and for the rpc page that the backend answered
-- (the page renders "no backend answered" with a 200 otherwise). At the end
-- one line goes to stdout:
--
--   LOAD kind=K answers=N bad=N sockerr=N p50=MS p90=MS p99=MS p999=MS max=MS first_bad=STATUS secs=S
--
-- bad counts answers with another status (or the wrong body), sockerr
-- wrk's connect/read/write errors and timeouts; latencies are in ms.

local kinds = {
  -- a stored page (answered by lighttpd/Apache from .kit-store/www/)
  stored   = { path = "/about", status = 200 },
  -- a page rendered per request
  dynamic  = { path = "/whoami", status = 200 },
  -- a client navigation: the Flight payload of a rendered page
  nav      = { path = "/whoami", status = 200, headers = { ["X-RSC"] = "true" } },
  api      = { path = "/api/items/42", status = 200 },
  -- a server action (the id is that of tests/http/hello/action-json-args.test)
  action   = { path = "/_rsc/action", method = "POST", status = 200,
               headers = { ["Content-Type"] = "application/octet-stream",
                           ["X-RSC-Action"] = "91271c9df7c57e1b#echo",
                           ["X-RSC-Content-Type"] = "text/plain;charset=UTF-8" },
               body = '["load",1]' },
  notfound = { path = "/no/such/page", status = 404 },
  -- Suspense streaming: the shell, then two boundaries (10 and 5 ms)
  stream   = { path = "/bench/stream", status = 200 },
  -- rpc(): Guestbook.entries from the example backend
  rpc      = { path = "/guestbook", status = 200, absent = "no-backend" },
  -- the 2 s streaming page (held in flight by the drain tests)
  slow     = { path = "/streaming", status = 200 },
  -- tests/backend/app's page with one uncaught rpc() (fault-backend.sh)
  single   = { path = "/single", status = 200 },
  -- its home page through the responder (a query string), no rpc()
  home     = { path = "/?load=1", status = 200 },
}

local threads = {}

-- wrk has no request count: at COUNT answers the thread (load.sh runs one,
-- -t1) stops its loop and writes the file $LOAD_MARK; load.sh then
-- interrupts wrk's sleep (SIGINT, as Ctrl-C would), so that wrk joins the
-- thread and calls done() with what was measured. (A SIGINT sent from here
-- could come before wrk's main thread set its handler, ending wrk without
-- a word, or before it began to sleep, which then lasted the whole -d.)
local mark = os.getenv("LOAD_MARK")

function setup(thread)
  table.insert(threads, thread)
end

local kind, limit, expect, seen, bad, first_bad

function init(args)
  kind = kinds[args[1] or ""]
  if not kind then
    io.stderr:write("load.lua: unknown kind " .. tostring(args[1]) .. "\n")
    os.exit(2)
  end
  wrk.thread:set("name", args[1])
  limit = tonumber(args[2] or "0") or 0
  expect = tonumber(args[3] or "") or kind.status
  seen, bad, first_bad = 0, 0, ""
  local headers = {}
  for k, v in pairs(kind.headers or {}) do headers[k] = v end
  req = wrk.format(kind.method or "GET", kind.path, headers, kind.body)
end

function request()
  return req
end

function response(status, headers, body)
  seen = seen + 1
  local ok = status == expect
  if ok and kind.absent and body and string.find(body, kind.absent, 1, true) then ok = false end
  if not ok then
    bad = bad + 1
    if first_bad == "" then first_bad = tostring(status) end
  end
  wrk.thread:set("seen", seen)
  wrk.thread:set("bad", bad)
  wrk.thread:set("first_bad", first_bad)
  if limit > 0 and seen == limit then
    wrk.thread:stop()
    if mark then
      local f = io.open(mark, "w")
      if f then f:close() end
    end
  end
end

function done(summary, latency, requests)
  local n, b, fb, name = 0, 0, "", "?"
  for _, t in ipairs(threads) do
    n = n + (t:get("seen") or 0)
    b = b + (t:get("bad") or 0)
    if fb == "" then fb = t:get("first_bad") or "" end
    name = t:get("name") or name
  end
  local e = summary.errors
  local ms = function(us) return string.format("%.1f", us / 1000) end
  io.write(string.format("LOAD kind=%s answers=%d bad=%d sockerr=%d p50=%s p90=%s p99=%s p999=%s max=%s first_bad=%s secs=%.1f\n",
    name, n, b, e.connect + e.read + e.write + e.timeout,
    ms(latency:percentile(50)), ms(latency:percentile(90)), ms(latency:percentile(99)),
    ms(latency:percentile(99.9)), ms(latency.max), fb == "" and "-" or fb, summary.duration / 1e6))
end
