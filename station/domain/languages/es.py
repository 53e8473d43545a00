"""Spanish: the templates of `station.domain.words`, as Spanish readers at a count read them.

Keys are the English templates, exactly as the code says them; values keep every
`{field}` of their key. Party and choice names arrive as values and stay as written.
"""

WORDS: dict[str, str] = {
    "Translation of the Tally of Ballots; the signed sheet in English is the record.": (
        "Traducción del Acta de Escrutinio (Tally of Ballots); el acta firmada en inglés"
        " es el registro."
    ),
    # the pages' announcements
    "VOID {void}": "NULAS {void}",
    "CHALLENGED {challenged}": "IMPUGNADAS {challenged}",
    "{counted} of {ballots} ballots counted: {figures}.": (
        "{counted} de {ballots} papeletas contadas: {figures}."
    ),
    "Ballot {number}: {figures}": "Papeleta {number}: {figures}",
}

COUNTS: dict[tuple[str, str], tuple[str, ...]] = {
    # the pages' announcements
    ("{n:,} ballot counted: {figures}.", "{n:,} ballots counted: {figures}."): (
        "{n:,} papeleta contada: {figures}.",
        "{n:,} papeletas contadas: {figures}.",
    ),
}
