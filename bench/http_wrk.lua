-- wrk script for bench/http_wrk.py: each wrk thread holds one connection and
-- plays its own two-player Iceberg games, both seats, as bench/loadgen.py's
-- Python client does (pick up or draw, lay the lowest pair, else discard at
-- random), keeping the hands from the responses, so that a game action costs
-- one request. It reads the two views after a deal (and after a refusal) and
-- creates a new game when one ends. `done` prints one JSON line of counts.

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("index", #threads)
end

function init(args)
  noop = args[1] == "noop"  -- only GET /livez: the no-op endpoint
  math.randomseed(index * 7919)
  game, tokens, hands = nil, {}, {}
  turn_seat, phase, status = 0, "draw", "active"
  syncing, pending = 0, nil
  actions, refused, views, creates = 0, 0, 0, 0
end

local function json_request(method, path, body, token)
  local headers = { ["Content-Type"] = "application/json" }
  if token then headers["Authorization"] = "Bearer " .. token end
  return wrk.format(method, path, headers, body)
end

local RANKS = { A = 1, J = 11, Q = 12, K = 13 }

local function rank(card)
  local r = card:sub(1, -2)
  return RANKS[r] or tonumber(r) or 99
end

-- The lowest-ranked pair of the hand, if laying it leaves a card to discard.
local function lowest_pair(hand)
  if #hand < 3 then return nil end
  local by_rank = {}
  for _, card in ipairs(hand) do
    local r = rank(card)
    if r <= 13 then
      by_rank[r] = by_rank[r] or {}
      table.insert(by_rank[r], card)
    end
  end
  for r = 1, 13 do
    local cards = by_rank[r]
    if cards and #cards >= 2 then return { cards[1], cards[2] } end
  end
  return nil
end

local function remove(hand, card)
  for i, c in ipairs(hand) do
    if c == card then table.remove(hand, i) return end
  end
end

local function cards_of(list)
  local found = {}
  for card in list:gmatch('"([%w]+)"') do table.insert(found, card) end
  return found
end

function request()
  if noop then
    pending = "noop"
    return wrk.format("GET", "/livez")
  end
  if not game or status == "finished" then
    pending = "create"
    return json_request("POST", "/games", '{"players":[{"name":"A"},{"name":"B"}]}')
  end
  if syncing > 0 then
    pending = "view"
    return json_request("GET", "/games/" .. game .. "/view", nil, tokens[3 - syncing])
  end
  pending = "action"
  local seat, body = turn_seat, nil
  if phase == "pickup" or phase == "draw" then
    body = '{"type":"' .. phase .. '"}'
  else
    local pair = lowest_pair(hands[seat])
    if pair then
      body = '{"type":"meld","cards":["' .. pair[1] .. '","' .. pair[2] .. '"]}'
    else
      local hand = hands[seat]
      body = '{"type":"discard","card":"' .. hand[math.random(#hand)] .. '"}'
    end
  end
  return json_request("POST", "/games/" .. game .. "/actions", body, tokens[seat + 1])
end

local function created(body)
  game = body:match('"id":"([%w_]+)"')
  tokens = {}
  for token in body:gmatch('"token":"([^"]+)"') do table.insert(tokens, token) end
  status, syncing = "active", 2
end

local function viewed(body)
  local seat = 2 - syncing
  hands[seat] = cards_of(body:match('"hand":(%b[])') or "[]")
  status = body:match('"status":"(%a+)"')
  local turn = body:match('"turn":(%b{})')
  if turn then
    turn_seat, phase = tonumber(turn:match('"seat":(%d+)')), turn:match('"phase":"(%a+)"')
  end
  syncing = syncing - 1
end

local function followed(body)
  local seat, acted = turn_seat, phase
  for event in (body:match('"events":(%b[])') or "[]"):gmatch("%b{}") do
    local kind, data = event:match('"type":"(%a+)"'), event:match('"data":(%b{})') or ""
    local card = data:match('"card":"([%w]+)"')
    if kind == "CardPickedUp" or kind == "CardDrawn" then
      table.insert(hands[seat], card)
    elseif kind == "AceRevealed" or kind == "CardDiscarded" then
      remove(hands[seat], card)
      if kind == "CardDiscarded" then turn_seat, phase = 1 - seat, "pickup" end
    elseif kind == "MeldLaid" then
      for _, c in ipairs(cards_of(data:match('"cards":(%b[])') or "[]")) do remove(hands[seat], c) end
    elseif kind == "HandStarted" or kind == "GameEnded" then
      syncing = 2
      return
    end
  end
  if acted == "pickup" then phase = "draw" elseif acted == "draw" then phase = "play" end
end

function response(code, headers, body)
  if pending == "noop" then
    return
  elseif pending == "create" then
    creates = creates + 1
    created(body)
  elseif pending == "view" then
    views = views + 1
    viewed(body)
  elseif code == 201 then
    actions = actions + 1
    followed(body)
  else
    refused = refused + 1
    syncing = 2
  end
end

function done(summary, latency, requests)
  local totals = { actions = 0, refused = 0, views = 0, creates = 0 }
  for _, thread in ipairs(threads) do
    for name in pairs(totals) do totals[name] = totals[name] + thread:get(name) end
  end
  local e = summary.errors
  io.write(string.format(
    '{"actions":%d,"refused":%d,"views":%d,"creates":%d,"requests":%d,"duration_us":%d,' ..
    '"p50_us":%d,"p99_us":%d,"max_us":%d,"socket_errors":%d}\n',
    totals.actions, totals.refused, totals.views, totals.creates, summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.timeout))
end
