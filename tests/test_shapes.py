"""The JSON schemas (the contract, docs/json.md) and base.shapes (the same dicts as Python
types, which mypy holds the producers and the views to) say the same: for each schema,
the same property names at every level (nested objects and arrays of objects through the
TypedDicts they point to), the schema's required keys the TypedDict's required keys,
and compatible JSON types.  No command is run: the types and the schema files only."""

from __future__ import annotations

import copy
import json
import types
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict, Union, get_args, get_origin, get_type_hints

import pytest

from domino_advisor.base import shapes

SCHEMAS = Path(shapes.__file__).resolve().parent.parent / "schemas"
SHAPES: dict[str, Any] = {
    "status": shapes.StatusJson,
    "advise": shapes.AdviceJson,
    "review": shapes.ReviewJson,
    "simulate": shapes.SimulateJson,
    "calibrate": shapes.CalibrateJson,
    "progress": shapes.ProgressReportJson,
    "train-status": shapes.TrainStatusJson,
    "chicken-status": shapes.ChickenStatusJson,
    "line-status": shapes.LineStatusJson,
    "train-review": shapes.HubReviewJson,
}
KINDS = {str: "string", int: "integer", float: "number", bool: "boolean", type(None): "null"}


def schema(command: str) -> dict:
    return json.loads((SCHEMAS / f"{command}.schema.json").read_text("utf-8"))


def is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def alternatives(tp: Any) -> list[Any]:
    """A type's alternatives (``X | None``), a Literal's values as their types."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return [m for a in get_args(tp) for m in alternatives(a)]
    if origin is Literal:
        return [type(v) for v in get_args(tp)]
    return [tp]


def kind(tp: Any) -> str:
    """The JSON type a Python type prints as."""
    if is_typeddict(tp) or (get_origin(tp) or tp) is dict:
        return "object"
    if (get_origin(tp) or tp) is list:
        return "array"
    return KINDS[tp]


def json_kind(value: Any) -> str:
    return KINDS[type(value)] if not isinstance(value, (dict, list)) else kind(type(value))


def resolve(node: dict, root: dict) -> dict:
    while "$ref" in node:
        ref = node["$ref"]
        assert ref.startswith("#/$defs/"), ref
        node = {**root["$defs"][ref.rsplit("/", 1)[1]], **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def allowed(node: dict, root: dict) -> list[tuple[str, dict]]:
    """The JSON types a schema allows, each with the schema saying what it holds
    (a oneOf beside a type, as in review's insights, constrains; it adds no type)."""
    node = resolve(node, root)
    if "type" in node:
        return [(t, node) for t in (node["type"] if isinstance(node["type"], list) else [node["type"]])]
    if "const" in node:
        return [(json_kind(node["const"]), node)]
    if "enum" in node:
        return [(k, node) for k in dict.fromkeys(json_kind(v) for v in node["enum"])]
    for key in ("oneOf", "anyOf"):
        if key in node:
            return [b for sub in node[key] for b in allowed(sub, root)]
    return [("object", node)] if "properties" in node else []


def fits(python: str, json_type: str) -> bool:
    return python == json_type or (python == "integer" and json_type == "number")


def differences(node: dict, tp: Any, root: dict, path: str) -> list[str]:
    """Where a value of type ``tp`` and the schema ``node`` disagree, in words."""
    schemas = allowed(node, root)
    if not schemas:
        return []  # the schema says nothing of the type here
    out: list[str] = []
    options = alternatives(tp)
    objects = [s for t, s in schemas if t == "object" and "properties" in s]
    matched: list[dict] = []
    for m in options:
        k = kind(m)
        here = [s for t, s in schemas if fits(k, t)]
        if not here:
            out.append(f"{path}: {getattr(m, '__name__', m)} ({k}), the schema has {[t for t, _ in schemas]}")
        elif is_typeddict(m):
            keys = set(get_type_hints(m))
            named = [s for s in objects if set(s["properties"]) == keys]
            target = named[0] if named else (objects[0] if len(objects) == 1 else None)
            if target is None:
                out.append(f"{path}: {m.__name__} {sorted(keys)} is none of the schema's objects")
                continue
            matched.append(target)
            out += object_differences(target, m, root, path)
        elif k == "object":  # a map: each value alike
            maps = [s for s in here if isinstance(s.get("additionalProperties"), dict)]
            if not maps:
                out.append(f"{path}: a dict of any keys, the schema names them")
            else:
                out += differences(maps[0]["additionalProperties"], get_args(m)[1], root, f"{path}[*]")
        elif k == "array" and any("items" in s for s in here):
            items = next(s["items"] for s in here if "items" in s)
            out += differences(items, get_args(m)[0], root, f"{path}[]")
    kinds = {kind(m) for m in options}
    for t, _ in schemas:
        if not any(fits(k, t) for k in kinds):
            out.append(f"{path}: the schema allows {t}, {tp} does not")
    if len(objects) > 1:
        out += [f"{path}: no TypedDict for {sorted(s['properties'])}" for s in objects if s not in matched]
    return out


def object_differences(node: dict, td: Any, root: dict, path: str) -> list[str]:
    hints = get_type_hints(td)  # NotRequired stripped: the required keys say that
    properties = node["properties"]
    out = [f"{path}.{k}: in the schema, not in {td.__name__}" for k in sorted(set(properties) - set(hints))]
    out += [f"{path}.{k}: in {td.__name__}, not in the schema" for k in sorted(set(hints) - set(properties))]
    required = set(node.get("required", []))
    out += [
        f"{path}.{k}: required by the schema, NotRequired in {td.__name__}"
        for k in sorted(required - td.__required_keys__)
    ]
    out += [
        f"{path}.{k}: required in {td.__name__}, not by the schema"
        for k in sorted(td.__required_keys__ - required)
    ]
    for key in sorted(set(properties) & set(hints)):
        out += differences(properties[key], hints[key], root, f"{path}.{key}")
    return out


def test_every_schema_has_its_typeddict():
    assert {p.name.removesuffix(".schema.json") for p in SCHEMAS.glob("*.schema.json")} == set(SHAPES)


@pytest.mark.parametrize("command", sorted(SHAPES))
def test_the_schema_and_its_typeddict_agree(command):
    root = schema(command)
    assert differences(root, SHAPES[command], root, command) == []


def renamed(td: Any, old: str, new: str, value: Any = None) -> Any:
    """A copy of a TypedDict with key ``old`` called ``new`` (and its type ``value``)."""
    hints = get_type_hints(td)
    fields = {
        (new if k == old else k): (value if k == old and value is not None else v) for k, v in hints.items()
    }
    wrapped = {
        k: (v if (old if k == new else k) in td.__required_keys__ else NotRequired[v])
        for k, v in fields.items()
    }
    return TypedDict(td.__name__, wrapped)  # type: ignore[operator]


def test_a_renamed_key_fails_on_either_side():
    root = schema("status")
    assert differences(root, shapes.StatusJson, root, "status") == []
    # the schema's side: a key of the top, and one of each player
    top = copy.deepcopy(root)
    top["properties"]["bone_yard"] = top["properties"].pop("boneyard")
    top["required"] = [("bone_yard" if k == "boneyard" else k) for k in top["required"]]
    assert differences(top, shapes.StatusJson, top, "status") == [
        "status.bone_yard: in the schema, not in StatusJson",
        "status.boneyard: in StatusJson, not in the schema",
        "status.bone_yard: required by the schema, NotRequired in StatusJson",
        "status.boneyard: required in StatusJson, not by the schema",
    ]
    nested = copy.deepcopy(root)
    player = nested["properties"]["players"]["items"]["properties"]
    player["holds"] = player.pop("holds_number")
    assert differences(nested, shapes.StatusJson, nested, "status") == [
        "status.players[].holds: in the schema, not in StatusPlayerJson",
        "status.players[].holds_number: in StatusPlayerJson, not in the schema",
    ]
    # the types' side: the same, in a copy of the TypedDicts
    assert differences(root, renamed(shapes.StatusJson, "boneyard", "bone_yard"), root, "status")
    players = list[renamed(shapes.StatusPlayerJson, "holds_number", "holds")]  # type: ignore[misc]
    assert differences(root, renamed(shapes.StatusJson, "players", "players", players), root, "status") == [
        "status.players[].holds_number: in the schema, not in StatusPlayerJson",
        "status.players[].holds: in StatusPlayerJson, not in the schema",
    ]
    # and a key's JSON type, deep in a union of objects (review's hindsight)
    review = schema("review")
    choice = review["properties"]["hindsight"]["items"]["oneOf"][1]["properties"]["choices"]["items"]
    choice["properties"]["options"]["type"] = "string"
    assert differences(review, shapes.ReviewJson, review, "review") == [
        "review.hindsight[].choices[].options: int (integer), the schema has ['string']",
        "review.hindsight[].choices[].options: the schema allows string, <class 'int'> does not",
    ]
