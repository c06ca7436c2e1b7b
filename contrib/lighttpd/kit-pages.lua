-- contrib/lighttpd/kit-pages.lua — lighttpd answers kit's stored pages itself
-- (mod_magnet, Debian package lighttpd-modules-lua; kit.conf runs it for every
-- request that no file of public/ answers).
--
-- Placeholder (kit-serve fills it; replace it when you copy this file):
--   @KIT_APP_DIR@   absolute path of the app
--
-- kit-build lays out the stored pages no middleware applies to in
-- <app>/.kit-store/www/<version>/ and points www/current at the active
-- version's tree (build/www.h, docs/build-output.md "Served by the web
-- server"). This script mirrors the responder's rules for a stored page
-- (fcgi/host.c handle, fcgi/stored.c kit_stored_serve) and sends the file with
-- the responder's headers; anything else goes on to kit-fcgi unchanged:
--   GET or HEAD, no query string, no trailing "/" (the responder redirects),
--   no X-RSC-Intercept / X-RSC-Revalidate (rendered, never stored);
--   X-RSC "true" or "1": the payload for the layouts the client shares
--   (X-RSC-Segments against the route's chain, as fcgi/routes.c
--   kit_route_shared_depth counts them), unless X-RSC-Version names another
--   version (the responder answers 409); else the document;
--   for an app with a Next.js-shaped src/middleware.ts (the tree holds
--   raw-only: kit-build laid out only the pages its matcher does not cover),
--   only when the path as sent is the page's path byte for byte.
-- The active version is read once (current/version) and every file is opened
-- below www/<that version>/, so one answer never mixes two versions.
-- The responder's answer differs only in what lighttpd adds to every file it
-- serves: ETag, Last-Modified, Accept-Ranges (and 304 / 206 answers to
-- conditional and range requests); docs/build-output.md says why that is
-- harmless.

local r = lighty.r
local www = "@KIT_APP_DIR@/.kit-store/www/"

local method = r.req_attr["request.method"]
if method ~= "GET" and method ~= "HEAD" then return 0 end
local query = r.req_attr["uri.query"]
if query and query ~= "" then return 0 end
local path = r.req_attr["uri.path"]
if not path or (#path > 1 and path:sub(-1) == "/") then return 0 end
-- "." and ".." segments (kit.conf's url-path-dotseg-remove leaves none; a
-- config without it must not reach outside the tree)
if path:find("/%.%.?/") or path:find("/%.%.?$") then return 0 end
local h = r.req_header
if (h["X-RSC-Intercept"] or "") ~= "" or (h["X-RSC-Revalidate"] or "") ~= "" then return 0 end

-- What is read from disk is kept between requests (package.loaded outlives
-- a request; globals do not): the active version, read again from
-- current/version once a second (a publish or a rollback reaches lighttpd
-- within a second; each answer still comes from one version); the pages'
-- chains of that version (its files never change); and, for the current
-- second only, whether a path has a file in public/ and whether a page's
-- file exists (a lighty.c.stat costs about 2 us: it builds a table).
local cache = package.loaded["kit-pages"]
if not cache then
  cache = { chains = {}, nchains = 0 }
  package.loaded["kit-pages"] = cache
end
local now = lighty.c.time()
if cache.t ~= now then
  cache.t, cache.public, cache.files = now, {}, {}
  local f = io.open(www .. "current/version")
  local v = f and f:read("l")
  if f then f:close() end
  if not v or not v:match("^%x+$") then v = nil end
  if v ~= cache.version then
    cache.version, cache.chains, cache.nchains = v, {}, 0
    -- the app has a src/middleware.ts: its matcher sees the path as sent,
    -- and kit-build checked only the page's own path (build/www.h)
    local raw = v and io.open(www .. v .. "/raw-only")
    cache.raw_only = raw and true or false
    if raw then raw:close() end
  end
end
if not cache.version then return 0 end
local version = cache.version
if cache.raw_only then
  local sent = r.req_attr["request.orig-uri"] or ""
  if sent:match("^[^?#]*") ~= path then return 0 end
end

-- a file of public/ at the path is lighttpd's to serve, as without this script
local public = cache.public[path]
if public == nil then
  local st = lighty.c.stat(r.req_attr["physical.path"] or "")
  public = st and st.is_file or false
  cache.public[path] = public
end
if public then return 0 end

-- the comma list's items with blanks trimmed ("a," is "a" and "")
local function items(s)
  local out, at = {}, 1
  while true do
    local comma = s:find(",", at, true)
    local item = s:sub(at, comma and comma - 1 or #s)
    out[#out + 1] = item:match("^[ \t]*(.-)[ \t]*$")
    if not comma then return out end
    at = comma + 1
  end
end

local tree = www .. version
local rel = path == "/" and "" or path
local rsc = h["X-RSC"]
local file, depth, chain
if rsc == "true" or rsc == "1" then
  local client = h["X-RSC-Version"] or ""
  if client ~= "" and client ~= version then return 0 end
  local meta = tree .. "/nav" .. rel .. ".layouts"
  local known = cache.chains[meta]
  if not known then
    local m = io.open(meta)
    if not m then return 0 end
    known = { m:read("l"), tonumber(m:read("l")) }
    m:close()
    if not known[1] or not known[2] then return 0 end
    if cache.nchains >= 10000 then cache.chains, cache.nchains = {}, 0 end
    cache.chains[meta], cache.nchains = known, cache.nchains + 1
  end
  chain = known[1]
  local limit = known[2]
  depth = 0
  local segments = h["X-RSC-Segments"] or ""
  if segments ~= "" then
    local have, want = items(segments), items(chain)
    while depth < limit and have[depth + 1] and want[depth + 1] and have[depth + 1] == want[depth + 1] do
      depth = depth + 1
    end
  end
  file = tree .. "/nav" .. rel .. "." .. depth .. ".rsc"
else
  file = tree .. "/doc" .. rel .. ".html"
end
local found = cache.files[file]
if found == nil then
  local st = lighty.c.stat(file)
  found = st and st.is_file or false
  cache.files[file] = found
end
if not found then return 0 end

r.req_attr["physical.path"] = file
local out = r.resp_header
if chain then
  out["Content-Type"] = "text/x-component"
else
  out["Content-Type"] = "text/html; charset=utf-8"
end
out["Vary"] = "X-RSC, X-RSC-Segments, X-RSC-Intercept, X-RSC-Revalidate"
out["Cache-Control"] = "public, max-age=0, must-revalidate"
out["X-RSC-Version"] = version
if chain then
  out["X-RSC-Segment-Depth"] = tostring(depth)
  out["X-RSC-Layouts"] = chain
end
out["X-RSC-Kit"] = "stored"
return 0
