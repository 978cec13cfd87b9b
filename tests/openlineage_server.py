"""A real OpenLineage HTTP endpoint for the tests, on 127.0.0.1.

Accepts POST /api/v1/lineage with a JSON RunEvent, as Marquez does, and
appends every accepted event to LOG (one JSON object per line). Each request
is checked: the path, the content type, a JSON object with the fields every
RunEvent has. With --schemas DIR (when DIR holds the OpenLineage schemas),
every event is also validated against them (openlineage_schema.py beside this
file); an invalid event gets 422 and is written to LOG.invalid.

  openlineage_server.py PORT_FILE LOG [--fail-first N] [--reject-job TEXT] [--schemas DIR]

It listens on a free port, written to PORT_FILE once it accepts requests.
--fail-first N answers 503 to the first N attempts at each event (by runId),
so clients must retry; --reject-job TEXT answers 400 to events whose job name
contains TEXT. Runs until killed.
"""
import argparse
import http.server
import json
import os
import sys
import threading

parser = argparse.ArgumentParser()
parser.add_argument("port_file")
parser.add_argument("log")
parser.add_argument("--fail-first", type=int, default=0)
parser.add_argument("--reject-job", default=None)
parser.add_argument("--schemas", default=None)
args = parser.parse_args()

validate = None
if args.schemas and os.path.exists(os.path.join(args.schemas, "OpenLineage.json")):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import openlineage_schema  # noqa: E402

    validate = openlineage_schema.event_validator(args.schemas)

lock = threading.Lock()
attempts = {}


class Handler(http.server.BaseHTTPRequestHandler):
    def answer(self, status, text):
        body = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        data = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path != "/api/v1/lineage":
            return self.answer(404, "no such endpoint")
        if self.headers.get("Content-Type") != "application/json":
            return self.answer(415, "expected application/json")
        try:
            event = json.loads(data)
            for key in ("eventType", "eventTime", "producer", "schemaURL"):
                assert isinstance(event[key], str), key
            assert isinstance(event["run"]["runId"], str)
            assert isinstance(event["job"]["namespace"], str) and isinstance(event["job"]["name"], str)
        except Exception as e:  # noqa: BLE001
            return self.answer(400, "not a RunEvent: %r" % e)
        run = event["run"]["runId"]
        with lock:
            attempts[run] = attempts.get(run, 0) + 1
            n = attempts[run]
        if n <= args.fail_first:
            return self.answer(503, "busy, try again")
        if args.reject_job and args.reject_job in event["job"]["name"]:
            return self.answer(400, "job refused by the test server")
        if validate is not None:
            problem = validate(event)
            if problem:
                with lock, open(args.log + ".invalid", "a") as f:
                    f.write(json.dumps({"event": event, "problem": problem}) + "\n")
                return self.answer(422, problem)
        with lock, open(args.log, "a") as f:
            f.write(json.dumps(event, ensure_ascii=False) + "\n")
        self.answer(201, "")

    def log_message(self, *unused):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(args.port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(args.port_file + ".tmp", args.port_file)
server.serve_forever()
