"""Files in, values out: YAML and JSON read with their line and column marks, validated into
scenarios, answers and expect blocks; the builder; traces written as JSON. Imports the core and
the rulesets (to resolve a file's ruleset name), nothing above."""
from rulekit.files.scenario_files import (
    AMOUNT_OF, MAX_ID_LENGTH, NOT_IN_A_SCRIPT, AnswerSpec, LoadedScenario, ScenarioFile, answer_specs,
    dump_scenario, export_game, json_schema, load_answers, load_scenario, loads_scenario, read_text,
    scenario_data, validate_scenario,
)

__all__ = [
    "AMOUNT_OF", "MAX_ID_LENGTH", "NOT_IN_A_SCRIPT", "AnswerSpec", "LoadedScenario", "ScenarioFile", "answer_specs",
    "dump_scenario", "export_game", "json_schema", "load_answers", "load_scenario", "loads_scenario", "read_text",
    "scenario_data", "validate_scenario",
]
