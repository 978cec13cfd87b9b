"""OpenLineage events checked against the published schemas in a folder
(OpenLineage.json and facets/*.json): the event against RunEvent, the job
facets against SQLJobFacet, every dataset's facets against
ColumnLineageDatasetFacet and SchemaDatasetFacet. For
openlineage_server.py --schemas DIR.
"""
import json
import os

import jsonschema

FACETS = ("ColumnLineageDatasetFacet", "SQLJobFacet", "SchemaDatasetFacet")


def _load(schema_dir, rel):
    with open(os.path.join(schema_dir, rel)) as f:
        return json.load(f)


def event_validator(schema_dir):
    """A function that returns what is wrong with an event, or None."""
    core = _load(schema_dir, "OpenLineage.json")
    facets = {name: _load(schema_dir, "facets/%s.json" % name) for name in FACETS}
    store = {s["$id"]: s for s in [core] + list(facets.values())}
    event_schema = {"$id": core["$id"], "$defs": core["$defs"], "$ref": "#/$defs/RunEvent"}
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
    event_v = make(event_schema)
    facet_v = {name: make(schema) for name, schema in facets.items()}

    def problem(event):
        try:
            event_v.validate(event)
            facet_v["SQLJobFacet"].validate(event["job"].get("facets", {}))
            for dataset in event.get("inputs", []) + event.get("outputs", []):
                for name in ("ColumnLineageDatasetFacet", "SchemaDatasetFacet"):
                    facet_v[name].validate(dataset.get("facets", {}))
        except jsonschema.ValidationError as e:
            return "%s at %s" % (e.message, "/".join(str(p) for p in e.absolute_path))
        return None

    return problem
