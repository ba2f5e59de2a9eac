"""A canonical form and digest of engine values, the same in every process.

Persistent maps are written as their items sorted by key, so the digest never depends on
hash order (and so on ``PYTHONHASHSEED``).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from enum import Enum

from immutables import Map


def canonical(value):
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"@": type(value).__name__,
                **{f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value) if f.compare}}
    if isinstance(value, Map):
        return {"@map": sorted(([canonical(k), canonical(v)] for k, v in value.items()),
                               key=lambda kv: json.dumps(kv[0], sort_keys=True))}
    if isinstance(value, (tuple, list)):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    return value


def digest(value) -> str:
    """SHA-256 of the canonical JSON form of ``value``."""
    text = json.dumps(canonical(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
