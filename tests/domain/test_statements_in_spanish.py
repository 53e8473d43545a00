"""What the dashboard and the live page state, said in Spanish: the Board's sentences as
a Spanish-speaking observer reads them, the names of the parties as written."""

from datetime import date

from station.domain import Call, Sheet, SheetKind, Tally
from station.domain.group_statements import inclusion_words
from station.domain.party_words import parties_words, with_incumbent
from station.domain.piles import pile_name
from station.domain.result_statements import objections_line
from station.domain.statements import (
    challenges_statement,
    counted_statement,
    decision_statement,
    locked_statement,
    majority_statement,
    pending_reason,
)
from station.domain.words import in_language

UNION = "Amazon Labor Union"


def test_a_result_names_the_union_as_written() -> None:
    tally = Tally(for_union=2654, against=2131, challenged=67)
    with in_language("es"):
        assert challenges_statement(tally) == (
            "Las impugnaciones no son suficientes en número para afectar los resultados de la"
            " elección."
        )
        assert majority_statement(tally, UNION) == (
            "La mayoría de los votos válidos contados más las papeletas impugnadas se ha emitido"
            " a favor de Amazon Labor Union."
        )
    # The same process, out of the block, states it in English as ever.
    assert challenges_statement(tally).startswith("Challenges are not sufficient")


def test_a_tie_is_said_as_the_union_losing() -> None:
    tally = Tally(for_union=10, against=10)
    with in_language("es"):
        assert (
            decision_statement(tally, 20, UNION) == "Resultado decidido: Amazon Labor Union pierde."
        )
        assert majority_statement(tally, UNION).endswith(
            "no se ha emitido a favor de Amazon Labor Union."
        )


def test_determinative_challenges_and_a_count_not_over() -> None:
    with in_language("es"):
        assert challenges_statement(Tally(for_union=12, against=10, challenged=2)) == (
            "Las impugnaciones son suficientes en número para afectar los resultados de la"
            " elección."
        )
        tally = Tally(for_union=5, against=2)
        pending = pending_reason(tally, 10, None)
        assert majority_statement(tally, UNION, pending) == (
            "Aún no está determinado si la mayoría de los votos válidos contados más las"
            " papeletas impugnadas se ha emitido a favor de Amazon Labor Union: 3 papeletas"
            " siguen sin contar."
        )
        assert pending_reason(tally, 8, None) == "1 papeleta sigue sin contar"
        assert counted_statement(7, 10) == "7 de 10 papeletas contadas"
        assert counted_statement(1, None) == "1 papeleta contada"


def test_the_count_locked_and_its_piles() -> None:
    sheet = Sheet(seq=90, head=89, kind=SheetKind.FINAL, revision=2, supersedes=None, tally=Tally())
    with in_language("es"):
        assert locked_statement(sheet, 88).startswith(
            "El escrutinio está bloqueado por el recuento corregido 2 preparado en el evento 90;"
        )
        assert pile_name(Call.FOR, 3) == "pila 3 de A FAVOR"
        assert pile_name(Call.CHALLENGE, 1, group="B") == "pila 1 de IMPUGNADAS del grupo B"
        assert pile_name(Call.VOID, 2) == "pila 2 de NULAS"  # a pile of void ballots
        # A choice's name is the ballot's, never translated.
        assert (
            pile_name(Call.FOR, 2, label="Teamsters Local 901") == "pila 2 de Teamsters Local 901"
        )


def test_a_date_is_said_the_spanish_way() -> None:
    with in_language("es"):
        assert "a más tardar el 8 de diciembre de 2026:" in objections_line(date(2026, 12, 8))


def test_role_words_are_translated_and_names_are_not() -> None:
    parties = with_incumbent([("Petitioner", "Local 1"), ("Intervenor", "Local 2")], "Local 2")
    with in_language("es"):
        assert parties_words(parties) == "Local 1 (Peticionario); Local 2 (Interventor, Titular)"
    assert parties_words(parties) == "Local 1 (Petitioner); Local 2 (Intervenor, Incumbent)"


def test_a_ballot_s_group_and_inclusion_answer_in_spanish() -> None:
    with in_language("es"):
        assert inclusion_words("yes") == "SÍ"
        assert inclusion_words("blank") == "sin marcar"
    assert inclusion_words("blank") == "unmarked"
