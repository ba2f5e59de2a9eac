"""A Game of Thrones' challenges, as far as card texts refer to them (rule ``agot.challenge``; Rules
Reference, "Appendix I: Timing and Gameplay", framework steps 4.2 to 4.2.6; "Attacker, Attacking
Character, Attacking Player", "Defender, Defending Character, Defending Player", "Participating",
"Winning a Challenge", "Unopposed, Unopposed Challenge", "Strength, Strength Modifiers").

What is modelled, one script entry ``{do: challenge, player: ATTACKER, challenge: TYPE, cards:
[ATTACKERS], defenders: [DEFENDERS], against: DEFENDER}`` in three occurrences and a last step:

1. Initiation (4.2): the attacking player declares the attackers, which kneel as they are
   declared: one ``attacks`` and one ``kneels`` condition per attacker, in one occurrence — its
   reactions are the reactions to the challenge's initiation. Only a standing character in play
   that the attacking player controls can be declared; at least one must be.
2. Defenders (4.2.1): once those reactions are over, the defending player declares the defenders
   the script names, which kneel: one ``defends`` and one ``kneels`` per defender. A character
   that is no longer standing, in play or the defending player's then is not eligible and is left
   out (a reaction to the initiation may have knelt it).
3. The result (4.2.2): each side's total is the STR of its participating characters (a character
   that left play no longer participates). The higher total wins, a tie goes to the attacker; a
   side with no participating character or a total of 0 cannot win, and then no one wins or loses.
   The winner's ``wins a challenge`` and the loser's ``loses a challenge`` share one occurrence.
   The attacker wins unopposed if the defending total is 0.
4. The end (4.2.6): the characters stop participating and the lasting effects "until the end of
   the challenge" expire.

Pillage, a challenge resolution keyword, takes effect between the result and the end (4.2.5:
:mod:`.pillage`).

Not modelled: challenge icons (any character may be declared), the unopposed power, claim and the
other challenge resolution keywords (4.2.3-4.2.5), stealth, the active player's turn order and the number
of challenges a player may initiate, a character removed from a challenge by an ability or by a
change of control. The script says who attacks, the type and both sides; the result follows from
the characters' STR.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import occur
from rulekit.core.abilities import Period, Who
from rulekit.core.events import EventKind, Verb
from rulekit.core.frames import Control, Progress
from rulekit.core.frozen import immutable, replace
from rulekit.core.model import GameState
from rulekit.core.ruleset import Frame
from rulekit.rulesets.agot import pillage
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.frames import SequenceFrame

TYPES = ("military", "intrigue", "power")
ATTACKING, DEFENDING, PARTICIPATING = "attacking", "defending", "participating"
ROLES = (ATTACKING, DEFENDING, PARTICIPATING)
RESULTS = ("won", "lost", "initiated")
RULE = "agot.challenge"


@immutable
class Challenge:
    """One challenge: the occurrence that initiated it, its number in the game, when it happened,
    its type and sides, and — once STR is compared — its result."""

    id: str
    number: int
    round: int
    phase_number: int
    type: str
    attacker: str
    defender: str
    attacking_str: int = 0
    defending_str: int = 0
    compared: bool = False
    winner: str | None = None
    loser: str | None = None
    unopposed: bool = False
    ended: bool = False

    @property
    def margin(self) -> int:
        """The STR by which the challenge was won."""
        return abs(self.attacking_str - self.defending_str) if self.winner else 0

    def side_of(self, player: str) -> str | None:
        return ATTACKING if player == self.attacker else DEFENDING if player == self.defender else None


@immutable
class ChallengeFrame(Frame):
    """A challenge under way: its occurrence id, the next framework step (``defenders``, ``result``,
    ``keywords``, ``end``) and the defenders the script declares."""

    id: str
    stage: str
    defenders: tuple[str, ...] = ()
    asked: int = 0              # how many times the winner was asked which pillage to use (4.2.5)


def under_way(state: GameState) -> Challenge | None:
    """The challenge being resolved now (from its initiation to its end), or ``None``."""
    last = state.challenges[-1] if state.challenges else None
    return last if last is not None and not last.ended else None


def role_of(card) -> str | None:
    return getattr(card.extension, "participating", None) if card.extension is not None else None


def _eligible(state: GameState, card_id: str, player: str, challenge: Challenge | None) -> str | None:
    """Why a card cannot be declared for ``player`` now (4.2, 4.2.1), or ``None``."""
    card = state.cards[card_id]
    if card.zone not in state.rules.in_play:
        return f"{card.title} is not in play"
    if card.type != "character":
        return f"{card.title} is not a character"
    if card.controller != player:
        return f"{card.title} is controlled by {card.controller}"
    if card.kneeling:
        return f"{card.title} is kneeling"
    if challenge is not None and role_of(card) is not None:
        return f"{card.title} is already {role_of(card)}"
    return None


def _declared(state, challenge, occurrence, sequence, verb, card_ids) -> tuple:
    cards = tuple(state.cards[c] for c in card_ids)
    return (occur.conditions_for(verb, state, sequence, occurrence, cards=cards, challenge=challenge.type,
                                 challenge_of_cards=True)
            + occur.conditions_for(Verb.KNEEL, state, sequence, occurrence, cards=cards))


def begin(state: GameState, control: Control, entry, occurrence: str, args: tuple) -> Progress:
    """Framework step 4.2: the challenge is initiated; the attackers are declared and kneel."""
    attacker = entry.player
    defender = entry.against or next(p for p in state.opponents(attacker))
    left_out = tuple((c, why) for c in entry.cards if (why := _eligible(state, c, attacker, None)) is not None)
    attackers = tuple(c for c in entry.cards if c not in dict(left_out))
    args = args + (("type", entry.challenge), ("attacker", attacker), ("defender", defender),
                   ("left_out", left_out))
    if not attackers:       # at least one attacker must be declared to initiate a challenge (4.2)
        return Progress(state, control, RULE, AgotStep.NO_CHALLENGE, args)
    challenge = Challenge(occurrence, len(state.challenges) + 1, state.round, state.phase_number, entry.challenge,
                          attacker, defender)
    state = replace(state, challenges=state.challenges + (challenge,))
    conditions = _declared(state, challenge, occurrence, occurrence, Verb.ATTACK, attackers)
    frame = ChallengeFrame(occurrence, "defenders", entry.defenders)
    return Progress(state, control + (frame, SequenceFrame(occurrence, conditions)), RULE,
                    AgotStep.CHALLENGE_INITIATED, args + (("attackers", attackers),))


def advance(frame: ChallengeFrame, state: GameState, control: Control) -> Progress:
    rest = control[:-1]
    challenge = state.challenges[-1]
    if frame.stage == "defenders":          # 4.2.1
        moved_on = rest + (replace(frame, stage="result"),)
        left_out = tuple((c, why) for c in frame.defenders
                         if (why := _eligible(state, c, challenge.defender, challenge)) is not None)
        defenders = tuple(c for c in frame.defenders if c not in dict(left_out))
        args = (("challenge", frame.id), ("defender", challenge.defender), ("defenders", defenders),
                ("left_out", left_out))
        if not defenders:
            return Progress(state, moved_on, RULE, AgotStep.NO_DEFENDERS, args)
        sequence = ids.nested(frame.id, "defenders")
        conditions = _declared(state, challenge, frame.id, sequence, Verb.DEFEND, defenders)
        return Progress(state, moved_on + (SequenceFrame(sequence, conditions),), RULE,
                        AgotStep.DEFENDERS_DECLARED, args)
    if frame.stage == "result":             # 4.2.2
        challenge = compare(state, challenge)
        moved_on = rest + (replace(frame, stage="keywords" if pillage.may_pillage(state, challenge) else "end"),)
        state = replace(state, challenges=state.challenges[:-1] + (challenge,))
        args = (("challenge", frame.id), ("attacking_str", challenge.attacking_str),
                ("defending_str", challenge.defending_str), ("winner", challenge.winner or ""),
                ("unopposed", challenge.unopposed))
        if challenge.winner is None:
            return Progress(state, moved_on, RULE, AgotStep.NO_WINNER, args)
        sequence = ids.nested(frame.id, "result")
        won = occur.conditions_for(Verb.WIN_CHALLENGE, state, sequence, frame.id, players=(challenge.winner,),
                                   challenge=challenge.type)
        conditions = tuple(tc for tc in won if tc.kind is EventKind.WINS_CHALLENGE or tc.player == challenge.loser)
        return Progress(state, moved_on + (SequenceFrame(sequence, conditions),), RULE, AgotStep.CHALLENGE_WON, args)
    if frame.stage == "keywords":           # 4.2.5: pillage (rule agot.pillage)
        return pillage.process(frame, state, control, challenge)
    state = end(state)                      # 4.2.6
    return Progress(state, rest, RULE, AgotStep.CHALLENGE_ENDS, (("challenge", frame.id),))


def answer(frame: ChallengeFrame, state: GameState, control: Control, option: str, verdicts) -> Progress:
    """The winner's answer at framework step 4.2.5: which pillage to use next, or pass."""
    return pillage.answer(frame, state, control, option, state.challenges[-1], verdicts)


def participants(state: GameState, role: str) -> tuple:
    return tuple(c for c in (state.cards[i] for i in state.order)
                 if c.zone in state.rules.in_play and role_of(c) == role)


def compare(state: GameState, challenge: Challenge) -> Challenge:
    """Framework step 4.2.2 and "Winning a Challenge": the totals, the winner and the loser."""
    attacking, defending = participants(state, ATTACKING), participants(state, DEFENDING)
    a = sum(max(c.strength, 0) for c in attacking)
    d = sum(max(c.strength, 0) for c in defending)
    winner = challenge.attacker if a >= d else challenge.defender
    total, side = (a, attacking) if winner == challenge.attacker else (d, defending)
    if total < 1 or not side:
        winner = None
    loser = None if winner is None else (challenge.defender if winner == challenge.attacker else challenge.attacker)
    return replace(challenge, attacking_str=a, defending_str=d, compared=True, winner=winner, loser=loser,
                   unopposed=winner == challenge.attacker and d == 0)


def end(state: GameState) -> GameState:
    """Framework step 4.2.6: no character participates any more; "until the end of the challenge"
    effects expire ("Lasting Effects")."""
    state = replace(state, challenges=state.challenges[:-1] + (replace(state.challenges[-1], ended=True),))
    for card_id in state.order:
        card = state.cards[card_id]
        if card.extension is not None and (card.participating or card.until_challenge):
            state = state.with_card(expire(card, "challenge").changed(participating=None))
    return state


def expire(card, until: str):
    """``card`` once its lasting STR changes ``until`` the end of that period have expired."""
    field = f"until_{until}"
    gone = getattr(card, field)
    return card.changed(strength=card.strength - gone, **{field: 0}) if gone else card


def period_key(state: GameState) -> str:
    """The period of "Max N per challenge": the challenge under way (outside one, the time since
    the last one ended)."""
    current = under_way(state)
    return f"challenge {current.number}" if current else f"after challenge {len(state.challenges)} (no challenge)"


def _players(who: Who, state: GameState, me: str) -> tuple[str, ...]:
    if who is Who.YOU:
        return (me,)
    return state.opponents(me) if who is Who.OPPONENT else state.players


def counted(count, state: GameState, me: str) -> tuple[int, str]:
    """How many challenges a condition's ``challenges`` counts, and in words: "the challenges you
    lost this round"."""
    players = _players(count.player, state, me)
    n = 0
    for c in state.challenges:
        if c.round != state.round or (count.this is Period.PHASE and c.phase_number != state.phase_number):
            continue
        if count.type is not None and c.type != count.type:
            continue
        who = c.attacker if count.result == "initiated" else (c.winner if count.result == "won" else c.loser)
        if who in players:
            n += 1
    whose = {Who.YOU: "you", Who.OPPONENT: "an opponent", Who.ANY: "any player"}[count.player]
    kind = f" {count.type}" if count.type else ""
    return n, f"the{kind} challenges {whose} {count.result} this {count.this.value}"


def trigger_mismatch(when, tc, state: GameState, me: str) -> str | None:
    """What in a challenge result does not match "as the attacking player", "by N or more STR",
    "unopposed", or ``None``."""
    if when.side is None and when.margin is None and when.unopposed is None:
        return None
    challenge = next((c for c in reversed(state.challenges) if ids.nested(c.id, "result") == tc.sequence), None)
    if challenge is None or not challenge.compared:
        return "no challenge's STR was compared: a scripted 'win challenge' has no sides, STR or margin"
    if when.side is not None and challenge.side_of(tc.player) != when.side:
        return f"{tc.player} was the {challenge.side_of(tc.player)} player, not the {when.side} one"
    if when.margin is not None and challenge.margin < when.margin:
        return f"it was won by {challenge.margin} STR, not {when.margin} or more"
    if when.unopposed is not None and challenge.unopposed != when.unopposed:
        return "the challenge was opposed" if when.unopposed else "the challenge was unopposed"
    return None
