"""Validates OpenLineage events (one JSON object per line) against the
published schemas: every event against RunEvent, its job facets against
SQLJobFacet, every output's facets against ColumnLineageDatasetFacet.
Prints the number of events validated; exits non-zero at the first invalid one.

Usage: validate_openlineage.py SCHEMA_DIR EVENTS_FILE
"""
import json
import os
import sys

import jsonschema


def load(schema_dir, rel):
    with open(os.path.join(schema_dir, rel)) as f:
        return json.load(f)


def validators(schema_dir):
    core = load(schema_dir, "OpenLineage.json")
    col = load(schema_dir, "facets/ColumnLineageDatasetFacet.json")
    sql = load(schema_dir, "facets/SQLJobFacet.json")
    store = {s["$id"]: s for s in (core, col, sql)}
    event = {"$id": core["$id"], "$defs": core["$defs"], "$ref": "#/$defs/RunEvent"}
    try:
        from referencing import Registry, Resource

        registry = Registry().with_resources([(k, Resource.from_contents(v)) for k, v in store.items()])

        def make(schema):
            return jsonschema.Draft202012Validator(schema, registry=registry,
                                                   format_checker=jsonschema.FormatChecker())
    except ImportError:  # jsonschema before 4.18
        def make(schema):
            resolver = jsonschema.RefResolver.from_schema(schema, store=store)
            return jsonschema.Draft202012Validator(schema, resolver=resolver,
                                                   format_checker=jsonschema.FormatChecker())
    return make(event), make(col), make(sql)


def main():
    event_v, col_v, sql_v = validators(sys.argv[1])
    n = 0
    with open(sys.argv[2]) as f:
        for line_no, line in enumerate(f, 1):
            ev = json.loads(line)
            try:
                event_v.validate(ev)
                sql_v.validate(ev["job"].get("facets", {}))
                for o in ev.get("outputs", []):
                    col_v.validate(o.get("facets", {}))
                    for field in o.get("facets", {}).get("columnLineage", {}).get("fields", {}).values():
                        for i in field["inputFields"]:
                            for t in i["transformations"]:
                                if t["type"] not in ("DIRECT", "INDIRECT"):
                                    raise ValueError("transformation type %r" % t["type"])
            except Exception as e:
                sys.exit("event %d (%s): %s" % (line_no, ev.get("job", {}).get("name"), e))
            n += 1
    print(n)


main()
