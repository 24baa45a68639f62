#!/usr/bin/python3
"""`ptriage mcp` as a JSON-RPC peer (the MCP stdio transport) fed what a careless or hostile client
sends: a line that is not JSON, a batch, an unknown method, bad params, a request before initialize,
a wrong id, a line longer than the bound — each gets its JSON-RPC error and the server still answers
the next request; nothing but one JSON message per line reaches stdout; the protocol version is the
client's when spoken, else the newest; end without a client that can ask the person refuses and the
process lives; EOF on stdin ends the server with exit 0. (The official SDK's client: mcp_client.mjs.)
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

PTRIAGE = None


class Server:
    """One `ptriage mcp`, spoken to a line at a time."""

    def __init__(self, env, *args):
        self.proc = subprocess.Popen([PTRIAGE, "mcp", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env)

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        self.send_raw(json.dumps(message).encode() + b"\n")

    def receive(self):
        line = self.proc.stdout.readline()
        if not line:
            raise AssertionError("the server closed stdout; stderr: " + self.proc.stderr.read().decode(errors="replace"))
        return json.loads(line)  # every line a JSON message, or this fails

    def ask(self, id, method, params=None):
        message = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.receive()

    def initialize(self, version="2025-06-18", capabilities=None):
        answer = self.ask(0, "initialize", {"protocolVersion": version, "capabilities": capabilities or {},
                                            "clientInfo": {"name": "test_mcp_protocol", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return answer

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if not f.closed:
                f.close()

    def close(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        code = self.proc.wait(timeout=60)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code, rest


class McpProtocol(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="ptmcp-")
        home = os.path.join(cls.dir, "home")
        os.makedirs(home)
        cls.db = os.path.join(cls.dir, "sessions.sqlite")
        cls.env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                       XDG_DATA_HOME=os.path.join(home, ".local", "share"), LC_ALL="C.UTF-8")
        cls.sleeper = subprocess.Popen(["/usr/bin/sleep", "600"])
        time.sleep(0.2)

    @classmethod
    def tearDownClass(cls):
        cls.sleeper.kill()
        cls.sleeper.wait()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def server(self):
        s = Server(self.env, "--db", self.db, "--min-age", "0")
        self.addCleanup(s.stop)
        return s

    def assertError(self, answer, code, id=None):
        self.assertIn("error", answer, answer)
        self.assertEqual(answer["error"]["code"], code, answer)
        self.assertTrue(answer["error"]["message"], answer)
        self.assertEqual(answer["id"], id, answer)
        self.assertEqual(answer["jsonrpc"], "2.0")

    def test_bad_messages_get_errors_and_the_server_keeps_answering(self):
        s = self.server()
        # Before initialize: only ping.
        self.assertEqual(s.ask(1, "ping"), {"jsonrpc": "2.0", "id": 1, "result": {}})
        self.assertError(s.ask(2, "tools/list"), -32600, 2)
        self.assertEqual(s.initialize()["result"]["protocolVersion"], "2025-06-18")
        self.assertError(s.ask(3, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}}), -32600, 3)
        bad_lines = [
            (b"this is not json\n", -32700),
            (b'{"jsonrpc": "2.0", "id": 4, "method": "tools/list"\n', -32700),  # cut short
            (b"\xff\xfe{}\n", -32700),
            (b'[{"jsonrpc": "2.0", "id": 5, "method": "ping"}]\n', -32600),  # a batch
            (b'"just a string"\n', -32600),
            (b'{"jsonrpc": "1.0", "method": "ping"}\n', -32600),
            (b'{"jsonrpc": "2.0", "id": {"no": 1}, "method": "ping"}\n', -32600),
            (b'{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}\n', -32600),
            (b'{"jsonrpc": "2.0", "method": 7}\n', -32600),
        ]
        for n, (line, code) in enumerate(bad_lines):
            s.send_raw(line)
            answer = s.receive()
            self.assertError(answer, code, answer.get("id"))
            self.assertEqual(s.ask(100 + n, "ping")["result"], {}, line)  # still answering
        # Blank lines are no messages; a line longer than the 4 MiB bound is one error, then the next reads.
        s.send_raw(b"\n   \n" + b" " * (5 << 20) + b"\n")
        self.assertError(s.receive(), -32700)
        self.assertError(s.ask("x", "resources/list"), -32601, "x")
        self.assertError(s.ask(7, "no/such/method", {}), -32601, 7)
        for params in ([], {"name": 3}, {"name": "scan", "arguments": [1]}, {"name": "nope"},
                       {"name": "scan", "arguments": {"limit": 0}}, {"name": "scan", "arguments": {"limit": 101}},
                       {"name": "scan", "arguments": {"limit": "5"}}, {"name": "scan", "arguments": {"what": 1}},
                       {"name": "port", "arguments": {"port": 70000}}, {"name": "port", "arguments": {}},
                       {"name": "explain", "arguments": {"process": "not-an-id"}},
                       {"name": "end_plan", "arguments": {}},
                       {"name": "end_plan", "arguments": {"group": "g", "start_ids": ["a:1:2"]}},
                       {"name": "end", "arguments": {"start_ids": ["1234"]}},  # a bare pid is refused
                       {"name": "end", "arguments": {"start_ids": []}},
                       {"name": "scan", "arguments": {"min_age_seconds": -1}}):
            self.assertError(s.ask(8, "tools/call", params), -32602, 8)
        self.assertEqual(s.ask("last", "ping")["result"], {})
        # A notification, known or not, gets no answer: the next line is the ping's.
        s.send({"jsonrpc": "2.0", "method": "notifications/whatever"})
        self.assertEqual(s.ask(9, "ping")["id"], 9)
        code, rest = s.close()
        self.assertEqual(code, 0)
        self.assertEqual(rest, b"")

    def test_versions(self):
        for asked, spoken in (("2025-06-18", "2025-06-18"), ("2025-03-26", "2025-03-26"),
                              ("2024-11-05", "2024-11-05"), ("2025-11-25", "2025-11-25"),
                              ("1999-01-01", "2025-11-25")):
            s = self.server()
            answer = s.initialize(asked)["result"]
            self.assertEqual(answer["protocolVersion"], spoken)
            self.assertEqual(answer["serverInfo"]["name"], "ptriage")
            self.assertIn("tools", answer["capabilities"])
            self.assertEqual(s.close()[0], 0)

    def test_tools_answer_the_cli_documents(self):
        s = self.server()
        s.initialize()
        tools = {t["name"]: t for t in s.ask(1, "tools/list")["result"]["tools"]}
        self.assertEqual(set(tools), {"scan", "explain", "groups", "port", "end_plan", "end"})
        for name, tool in tools.items():
            self.assertEqual(tool["inputSchema"]["type"], "object")
            self.assertEqual(tool["annotations"]["readOnlyHint"], name != "end", name)
        self.assertTrue(tools["end"]["annotations"]["destructiveHint"])
        answer = s.ask(2, "tools/call", {"name": "explain", "arguments": {"process": self.sleeper.pid}})["result"]
        self.assertFalse(answer["isError"])
        doc = answer["structuredContent"]
        self.assertEqual(json.loads(answer["content"][0]["text"]), doc)  # the same document, twice
        self.assertEqual(doc["schema"], "ptriage.explain.v1")
        start_id = doc["process"]["start_id"]
        self.assertTrue(start_id.endswith(":%d" % self.sleeper.pid))
        # The CLI's own --json of the same process: the same document (one voice), bar the moment.
        cli = json.loads(subprocess.run([PTRIAGE, "explain", start_id, "--json", "--db", self.db, "--min-age", "0"],
                                        capture_output=True, env=self.env, check=True).stdout)
        self.assertEqual(sorted(cli["process"]), sorted(doc["process"]))
        self.assertEqual(cli["process"]["start_id"], start_id)
        # A start_id whose pid is reused (a start time that never was) is refused, not another process explained.
        boot, start, pid = start_id.split(":")
        answer = s.ask(3, "tools/call", {"name": "explain",
                                         "arguments": {"process": "%s:%d:%s" % (boot, int(start) + 1, pid)}})
        self.assertTrue(answer["result"]["isError"])
        self.assertIn("gone", answer["result"]["content"][0]["text"])
        self.assertEqual(s.close()[0], 0)

    def test_end_without_a_client_that_can_ask_ends_nothing(self):
        # A coding agent's tool left behind: its session variables, its agent gone (the shell exits).
        out = subprocess.run(["/bin/sh", "-c", "CLAUDECODE=1 CLAUDE_CODE_SESSION_ID=ab12cd34-mcp-protocol "
                              "/usr/bin/sleep 601 >/dev/null 2>&1 & echo $!"], capture_output=True, check=True,
                             env=self.env, text=True).stdout
        pid = int(out)
        self.addCleanup(lambda: os.kill(pid, 9))
        time.sleep(0.3)
        s = self.server()
        s.initialize(capabilities={})  # no elicitation
        start_id = s.ask(1, "tools/call", {"name": "explain", "arguments": {"process": pid}})[
            "result"]["structuredContent"]["process"]["start_id"]
        plan = s.ask(2, "tools/call", {"name": "end_plan", "arguments": {"start_ids": [start_id]}})["result"]
        self.assertEqual(plan["structuredContent"]["schema"], "ptriage.end_plan.v1")
        self.assertEqual([m["start_id"] for m in plan["structuredContent"]["members"] if m["ended_with_group"]],
                         [start_id], plan)
        key = s.ask(3, "tools/call", {"name": "explain", "arguments": {"process": start_id}})[
            "result"]["structuredContent"]["process"]["origin"]["key"]
        for arguments in ({"start_ids": [start_id]}, {"group": key}):
            answer = s.ask(4, "tools/call", {"name": "end", "arguments": arguments})["result"]
            self.assertTrue(answer["isError"])
            self.assertNotIn("structuredContent", answer)
            text = answer["content"][0]["text"]
            self.assertIn("Not confirmed", text)
            self.assertIn("ptriage act end " + start_id, text)  # how the person can confirm instead
        time.sleep(0.3)
        os.kill(pid, 0)  # still there
        with open("/proc/%d/stat" % pid) as f:
            self.assertNotIn(") Z", f.read())
        self.assertEqual(s.close()[0], 0)


def main():
    global PTRIAGE
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptriage", required=True)
    args, rest = parser.parse_known_args()
    PTRIAGE = os.path.abspath(args.ptriage)
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)


if __name__ == "__main__":
    main()
