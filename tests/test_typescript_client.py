"""openapi.yaml makes a typed TypeScript client too, as tests/test_generated_client.py
shows for Python: openapi-typescript generates the types, openapi-fetch is the
client over them, `tsc --strict` compiles a game-playing script written on them
(and refuses each misuse marked `@ts-expect-error`, so the types are real, not
`any`), and the compiled script plays a whole game against a real
`iceberg serve`. The Node tools are pinned in tests/node/ and installed into a
cache directory (tests/node_tools.py), never globally.

Seat 0 is a human playing the first legal action of its view each turn, against
the greedy bot, one hand of Iceberg dealt from a fixed deck (the admin gives
it), so every run sees the same game."""

import json
import random
import subprocess
import time

import pytest

from service.runtime.redis_server import free_port
from tests.node_tools import node_tools, run_tool
from tests.serve_process import Serve, request
from tests.test_generated_client import ROOT

ADMIN = "typescript-client-admin-token"

PLAY = """\
// One Iceberg game through the generated types and openapi-fetch only (argv: url, admin token, deck as JSON).
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type Schemas = components["schemas"];
type Action = Schemas["Action"];
type Event = Schemas["Event"];

declare const process: { argv: string[]; exitCode?: number };

interface Summary {
  game: string;
  events: number;
  posted: number;
  problem: Schemas["ProblemCode"];
  winners: number[];
  totals: number[];
}

async function play(url: string, admin: string, deck: string[]): Promise<Summary> {
  const anyone = createClient<paths>({ baseUrl: url });
  const asAdmin = createClient<paths>({ baseUrl: url, headers: { Authorization: `Bearer ${admin}` } });

  const variants = await anyone.GET("/variants");
  if (!variants.data) throw new Error("no variants");
  const iceberg = variants.data.variants.find((v) => v.name === "iceberg");
  if (!iceberg || !iceberg.actions.includes("pickup")) throw new Error("no iceberg");

  // the rules a person writes: one option, the rest left to their defaults
  const created = await asAdmin.POST("/games", {
    body: { players: [{ name: "Ann" }, { name: "Bot", bot: "greedy" }], rules: { hands: 1 }, deck },
  });
  if (!created.data) throw new Error(`not created: ${JSON.stringify(created.error)}`);
  const game: string = created.data.id;
  const token = created.data.seats[0].token;
  if (token === undefined || created.data.seats[1].token !== undefined) throw new Error("tokens");
  const me = createClient<paths>({ baseUrl: url, headers: { Authorization: `Bearer ${token}` } });
  const path = { path: { id: game } };

  // an error is a typed Problem: a discard before the draw
  const refused = await me.POST("/games/{id}/actions", { params: path, body: { type: "discard", card: deck[0] } });
  if (refused.error === undefined) throw new Error("a discard before the draw was taken");
  const problem: Schemas["ProblemCode"] = refused.error.code;

  let posted = 0;
  for (let turn = 0; ; turn++) {
    if (turn >= 1000) throw new Error("the game did not end");
    const view = await me.GET("/games/{id}/view", { params: path });
    if (!view.data) throw new Error(`no view: ${JSON.stringify(view.error)}`);
    if (view.data.status === "finished") break;
    const first: Action | undefined = view.data.actions[0];
    if (first === undefined) {  // the bot's turn: wait for its next event
      await me.GET("/games/{id}/events", { params: { ...path, query: { after: view.data.version, wait: 10 } } });
      continue;
    }
    const answer = await me.POST("/games/{id}/actions", {
      params: { ...path, header: { "If-Match": `"${view.data.version}"` } }, body: first,
    });
    if (!answer.data) throw new Error(`refused: ${JSON.stringify(answer.error)}`);
    posted++;
  }

  const log = await anyone.GET("/games/{id}/events", { params: path });
  if (!log.data) throw new Error("no log");
  const events: Event[] = log.data.events;
  events.forEach((e, i) => { if (e.version !== i + 1) throw new Error("a gap in the log"); });
  const last = events[events.length - 1];
  if (last.type !== "GameEnded") throw new Error(`the log ends with ${last.type}`);
  // narrowed on `type`: GameEnded's data has its winners and totals
  return { game, events: events.length, posted, problem, winners: last.data.winners, totals: last.data.totals };
}

// Never called: each line below a @ts-expect-error must fail to compile, or tsc fails.
function misuses(client: ReturnType<typeof createClient<paths>>, event: Schemas["CardDrawnEvent"]): void {
  // @ts-expect-error a rules option is a number
  void client.POST("/games", { body: { players: [{ name: "A" }, { name: "B" }], rules: { hands: "one" } } });
  // @ts-expect-error not a bot
  void client.POST("/games", { body: { players: [{ name: "A" }, { name: "B", bot: "smart" }] } });
  // @ts-expect-error a card is a string
  const discard: Action = { type: "discard", card: 7 };
  // @ts-expect-error the view needs its game's id
  void client.GET("/games/{id}/view", {});
  // @ts-expect-error a hidden card is null
  const card: string = event.data.card;
  void discard; void card;
}
void misuses;

play(process.argv[2], process.argv[3], JSON.parse(process.argv[4]) as string[]).then(
  (summary) => console.log(JSON.stringify(summary)),
  (error: unknown) => { console.error(error); process.exitCode = 1; },
);
"""

TSCONFIG = {
    "compilerOptions": {"strict": True, "target": "es2022", "module": "nodenext", "moduleResolution": "nodenext",
                        "lib": ["es2022", "dom"], "outDir": "out", "skipLibCheck": False, "noEmitOnError": True},
    "files": ["play.ts"],
}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """The generated types, the script, and its compiled JavaScript (out/play.js)."""
    modules = node_tools()
    where = tmp_path_factory.mktemp("ts-client")
    (where / "node_modules").symlink_to(modules, target_is_directory=True)
    (where / "package.json").write_text('{"type": "module"}\n')
    generated = run_tool(modules, "openapi-typescript", ROOT / "openapi.yaml", "--output", "schema.d.ts", cwd=where)
    output = generated.stdout + generated.stderr
    assert generated.returncode == 0, output
    assert "warn" not in output.lower() and "error" not in output.lower(), output
    (where / "play.ts").write_text(PLAY)
    (where / "tsconfig.json").write_text(json.dumps(TSCONFIG))
    done = run_tool(modules, "tsc", "--project", "tsconfig.json", cwd=where)
    assert done.returncode == 0, done.stdout + done.stderr
    return where


def test_the_types_keep_every_rules_option_with_a_default_optional(compiled):
    schema = (compiled / "schema.d.ts").read_text()
    rules = schema.split("        IcebergRules: {", 1)[1].split("\n        };", 1)[0]
    for option in ("target_score", "max_hands", "extensions", "extension_s", "hands"):
        assert f"            {option}?: number | null;" in rules, option


def test_a_misuse_the_types_forbid_fails_to_compile(compiled):
    """A @ts-expect-error over a line that compiles is itself an error: remove one
    misuse's mark, and tsc must now report that very line."""
    broken = PLAY.replace("  // @ts-expect-error a card is a string\n", "")
    (compiled / "broken.ts").write_text(broken)
    done = run_tool(node_tools(), "tsc", "--strict", "--noEmit", "--target", "es2022", "--module", "nodenext",
                    "--moduleResolution", "nodenext", "--lib", "es2022,dom", "broken.ts", cwd=compiled)
    line = broken.splitlines().index('  const discard: Action = { type: "discard", card: 7 };') + 1
    assert done.returncode != 0 and f"broken.ts({line}," in done.stdout, done.stdout


def test_the_compiled_script_plays_a_whole_game_against_a_real_server(compiled, tmp_path):
    deck = [rank + suit for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
            for suit in "SHDC"]
    random.Random(10).shuffle(deck)
    serve = Serve(tmp_path / "data", free_port(), ICEBERG_ADMIN_TOKEN=ADMIN)
    try:
        serve.wait_healthy()
        started = time.monotonic()
        done = subprocess.run(["node", "out/play.js", serve.url, ADMIN, json.dumps(deck)], cwd=compiled,
                              capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stdout + done.stderr
        summary = json.loads(done.stdout.splitlines()[-1])
        assert time.monotonic() - started < 120
        status, table = request(f"{serve.url}/games/{summary['game']}")
        assert status == 200 and table["status"] == "finished" and table["winners"] == summary["winners"]
        status, log = request(f"{serve.url}/games/{summary['game']}/events")
        assert status == 200 and len(log["events"]) == summary["events"]
        assert log["events"][-1]["data"]["totals"] == summary["totals"]
        assert summary["posted"] == sum(1 for e in log["events"] if e["type"] in (
            "CardDrawn", "MeldLaid", "CardsLaidOff", "CardDiscarded", "CardPickedUp") and e["data"]["seat"] == 0) > 0
        assert summary["problem"] == "must_draw"
    finally:
        code, output = serve.stop()
    assert code == 0, output
