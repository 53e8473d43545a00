"""The New election dialog makes the same elections of voting groups as `station new`,
and refuses the same bad combinations in the same words."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from station.domain.groups import Rule
from station.journal import Journal
from station.ui.start.new_election import NewElectionDialog
from tests.ui.start.helpers import same_files, station_new

PARTIES = ["--case", "10-RC-000026", "--employer", "Mercy Hospital", "--union", "Nurses United"]
PROFESSIONALS = ("A", "Professional employees", "30", "28")
NONPROFESSIONALS = ("B", "Nonprofessional employees", "80", "")
CLERICALS = ("C", "Plant clerical employees", "12", "10")
Row = tuple[str, str, str, str]


def cli_args(rows: list[tuple[Row, Rule]]) -> list[str]:
    """The rows as `station new`'s options."""
    args: list[str] = []
    for (key, name, eligible, ballots), rule in rows:
        args += ["--group", f"{key}={name}"]
        args += ["--eligible", f"{key}={eligible}"] if eligible else []
        args += ["--ballots", f"{key}={ballots}"] if ballots else []
        if rule is not Rule.OWN:
            args += [f"--{rule.value}", key]
    return args


def create(dialog: NewElectionDialog) -> None:
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def typed_dialog(qtbot: QtBot, tmp_path: Path, rows: list[tuple[Row, Rule]]) -> NewElectionDialog:
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.case.setText(PARTIES[1])
    dialog.employer.setText(PARTIES[3])
    dialog.union.setText(PARTIES[5])
    for (key, name, eligible, ballots), rule in rows:
        dialog.voting_groups.add_group(name, eligible, ballots, rule, key=key)
    dialog.path.setText(str(tmp_path / "dialog.station"))
    return dialog


@pytest.mark.parametrize(
    "rows",
    [
        [(PROFESSIONALS, Rule.SONOTONE), (NONPROFESSIONALS, Rule.OWN)],
        [
            (PROFESSIONALS, Rule.SONOTONE),
            (NONPROFESSIONALS, Rule.OWN),
            (CLERICALS, Rule.SELF_DETERMINATION),
        ],
        [(NONPROFESSIONALS, Rule.OWN), (CLERICALS, Rule.OWN)],
        [(CLERICALS, Rule.SELF_DETERMINATION)],  # one group voting on joining the unit
    ],
    ids=["sonotone", "sonotone and self-determination", "two units", "self-determination alone"],
)
def test_makes_the_election_station_new_makes(
    qtbot: QtBot, tmp_path: Path, rows: list[tuple[Row, Rule]]
) -> None:
    dialog = typed_dialog(qtbot, tmp_path, rows)
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    dialog_setup = same_files(tmp_path, PARTIES, cli_args(rows))
    assert [group.rule for group in dialog_setup.ballot.groups] == [rule for _, rule in rows]


def test_a_table_of_voting_groups_is_the_table_station_new_makes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    rows = [(PROFESSIONALS, Rule.SONOTONE), ((*NONPROFESSIONALS[:3], "75"), Rule.OWN)]
    dialog = typed_dialog(qtbot, tmp_path, rows)
    assert dialog.table.isEnabled()
    dialog.table.setText("2")
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    setup = same_files(tmp_path, PARTIES, [*cli_args(rows), "--table", "2"])
    assert setup.table == "2" and len(setup.ballot.groups) == 2


def test_a_mail_ballot_of_voting_groups_is_the_one_station_new_makes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    voters = tmp_path / "list.csv"
    voters.write_text(
        "id,name,group\n1,Ada Lovelace,A\n2,Grace Hopper,B\n3,Alan Turing,B\n", encoding="utf-8"
    )
    # Eligible voters left empty: each group's voters on the list, as by the command line.
    rows = [(("A", "Professional employees", "", ""), Rule.SONOTONE)]
    rows.append((("B", "Nonprofessional employees", "", ""), Rule.OWN))
    dialog = typed_dialog(qtbot, tmp_path, rows)
    assert dialog.voters.isEnabled() and dialog.voters_browse.isEnabled()
    dialog.voters.setText(str(voters))
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    setup = same_files(tmp_path, PARTIES, [*cli_args(rows), "--mail", "--voters", str(voters)])
    assert setup.mail and [group.eligible for group in setup.ballot.groups] == [1, 2]


def test_a_mail_ballot_of_voting_groups_refuses_their_ballots(qtbot: QtBot, tmp_path: Path) -> None:
    voters = tmp_path / "list.csv"
    voters.write_text("id,name,group\n1,Ada,A\n2,Grace,B\n", encoding="utf-8")
    rows = [(PROFESSIONALS, Rule.SONOTONE), (NONPROFESSIONALS, Rule.OWN)]
    dialog = typed_dialog(qtbot, tmp_path, rows)
    dialog.voters.setText(str(voters))
    create(dialog)
    assert "each group's Ballots empty" in dialog.error_label.text()
    assert not (tmp_path / "dialog.station").exists()


@pytest.mark.parametrize(
    "rows",
    [
        [(PROFESSIONALS, Rule.SONOTONE), (CLERICALS, Rule.SELF_DETERMINATION)],  # no partner
        [(PROFESSIONALS, Rule.OWN), ((*NONPROFESSIONALS[:2], "", ""), Rule.OWN)],  # eligible
        [(PROFESSIONALS, Rule.OWN), (("A", "Drivers", "5", ""), Rule.OWN)],  # a key twice
    ],
    ids=["sonotone alone", "eligible missing", "key twice"],
)
def test_refuses_what_station_new_refuses_in_its_words(
    qtbot: QtBot, tmp_path: Path, rows: list[tuple[Row, Rule]]
) -> None:
    dialog = typed_dialog(qtbot, tmp_path, rows)
    create(dialog)
    shown = dialog.error_label.text()
    assert dialog.isVisible() and not (tmp_path / "dialog.station").exists()
    code, said = station_new(tmp_path / "cli.station", PARTIES, *cli_args(rows))
    assert code == 2 and said.count("\n") == 1
    assert shown and shown in said  # the command line's one line, word for word


def test_groups_take_the_place_of_the_totals_not_of_table_mail_or_piles(
    qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = typed_dialog(qtbot, tmp_path, [])
    dialog.eligible.setText("110")
    dialog.table.setText("2")
    dialog.pile.setValue(50)
    dialog.voting_groups.add_button.click()
    held = (dialog.eligible, dialog.ballots)
    assert not any(field.isEnabled() for field in held)
    assert dialog.eligible.text() == ""
    kept = (dialog.table, dialog.voters, dialog.voters_browse, dialog.pile)
    assert all(field.isEnabled() for field in kept) and dialog.table.text() == "2"
    # Each group's box has piles of its own, and the dialog says so.
    assert dialog.pile.value() == 50 and "each voting group's box" in dialog.pile.toolTip()
    dialog.voting_groups.remove_button.click()
    assert all(field.isEnabled() for field in held)
    assert dialog.pile.value() == 50 and "group" not in dialog.pile.toolTip()


@pytest.mark.parametrize("rule", [Rule.OWN, Rule.SONOTONE])
def test_one_group_is_refused_in_the_dialogs_words_not_the_options(
    qtbot: QtBot, tmp_path: Path, rule: Rule
) -> None:
    rows = [(PROFESSIONALS, rule)]
    dialog = typed_dialog(qtbot, tmp_path, rows)
    create(dialog)
    shown = dialog.error_label.text()
    assert not (tmp_path / "dialog.station").exists()
    assert "Add group" in shown and "Remove group" in shown and "--" not in shown
    code, said = station_new(tmp_path / "cli.station", PARTIES, *cli_args(rows))
    assert code == 2 and "at least two groups (--group KEY=NAME, once for each)" in said
    assert "(--self-determination KEY)" in said


def test_a_refusal_goes_once_the_groups_are_edited(qtbot: QtBot, tmp_path: Path) -> None:
    from station.ui.start.voting_groups import NAME

    unnamed = ("A", "", "30", "28")
    dialog = typed_dialog(qtbot, tmp_path, [(unnamed, Rule.OWN), (CLERICALS, Rule.OWN)])
    create(dialog)
    assert "group name must not be empty" in dialog.error_label.text()
    item = dialog.voting_groups.table.item(0, NAME)
    assert item is not None
    item.setText("Professional employees")  # the name filled in
    assert dialog.error_label.text() == ""
    create(dialog)
    assert dialog.result() == NewElectionDialog.DialogCode.Accepted


def test_the_incumbent_of_a_globe_election_is_the_one_station_new_stores(
    qtbot: QtBot, tmp_path: Path
) -> None:
    rows = [(CLERICALS, Rule.SELF_DETERMINATION)]
    dialog = typed_dialog(qtbot, tmp_path, rows)
    dialog.intervenors.setText("Steelworkers")
    create(dialog)  # two unions, and which one represents the existing unit is unsaid
    assert "(--incumbent NAME)" in dialog.error_label.text()
    dialog.incumbent.setText("Steelworkers")
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    setup = same_files(
        tmp_path,
        PARTIES,
        [*cli_args(rows), "--intervenor", "Steelworkers", "--incumbent", "Steelworkers"],
    )
    assert setup.ballot.incumbent == "Steelworkers"


def test_enter_on_a_focused_group_button_presses_it_not_create(
    qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = typed_dialog(qtbot, tmp_path, [])
    groups = dialog.voting_groups
    groups.add_button.setFocus()
    qtbot.keyClick(groups.add_button, Qt.Key.Key_Return)
    qtbot.keyClick(groups.add_button, Qt.Key.Key_Return)
    assert groups.table.rowCount() == 2
    groups.remove_button.setFocus()
    qtbot.keyClick(groups.remove_button, Qt.Key.Key_Enter)
    assert groups.table.rowCount() == 1
    assert dialog.isVisible() and not (tmp_path / "dialog.station").exists()
