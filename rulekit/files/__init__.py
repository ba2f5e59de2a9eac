"""Files in, values out: YAML and JSON read with their line and column marks, validated into
scenarios, answers and expect blocks; the builder; traces written as JSON. Imports the core and
the rulesets (to resolve a file's ruleset name), nothing above."""
from rulekit.files.checks import AMOUNT_OF, NOT_IN_A_SCRIPT
from rulekit.files.document import AnswerSpec, LoadedScenario, ScenarioFile, json_schema
from rulekit.files.reading import read_text
from rulekit.files.scenario_files import load_answers, load_scenario, loads_scenario
from rulekit.files.strict import MAX_ID_LENGTH
from rulekit.files.validation import validate_scenario
from rulekit.files.writing import answer_specs, dump_scenario, export_game, scenario_data

__all__ = [
    "AMOUNT_OF", "MAX_ID_LENGTH", "NOT_IN_A_SCRIPT", "AnswerSpec", "LoadedScenario", "ScenarioFile", "answer_specs",
    "dump_scenario", "export_game", "json_schema", "load_answers", "load_scenario", "loads_scenario", "read_text",
    "scenario_data", "validate_scenario",
]
