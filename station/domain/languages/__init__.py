"""One catalog per language other than English: `WORDS` and `COUNTS` (`station.domain.words`).

To add a language: copy `es.py` to `<code>.py`, translate each value (never a key, never
a `{field}`'s name), add the code to `LANGUAGES` and `LANGUAGE_NAMES` in
`station/domain/words.py`, and add the windows' catalog `resources/i18n/station_<code>.ts`
(docs/languages.md). The tests fail on a template left out or a field renamed.
"""
