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
    # the pages
    " (signed to event {seq:,})": " (firmado hasta el evento {seq:,})",
    " \u00b7 the station is {n:,} ahead of you": " \u00b7 la estación le lleva {n:,} de ventaja",
    " \u00b7 {n:,} of yours not yet called by the station": (
        " \u00b7 {n:,} de las suyas aún sin cantar por la estación"
    ),
    " \u2014 more than the ballots in the box!": " \u2014 ¡más que las papeletas de la urna!",
    "(cannot be worked out in this browser: compare the file's own, as sha256sum gives it)": (
        "(no se puede calcular en este navegador: compare el del archivo, como lo da sha256sum)"
    ),
    "(working it out)": "(calculándolo)",
    "Ballot {ballot:,}: you called {yours}, the station {theirs} ({pile}). Ask to see it again.": (
        "Papeleta {ballot:,}: usted anotó {yours}, la estación {theirs} ({pile})."
        " Pida verla de nuevo."
    ),
    "CHALLENGED": "IMPUGNADAS",
    "Case {case} \u00b7 {parties}": "Caso {case} \u00b7 {parties}",
    "Challenged": "Impugnadas",
    "Check a Station export": "Comprobar una exportación de Station",
    "Checking an export uses no network: this page reads the files here, in this browser,"
    " and nothing leaves this computer.": (
        "Comprobar una exportación no usa la red: esta página lee los archivos aquí, en este"
        " navegador, y nada sale de esta computadora."
    ),
    "Checking journal.jsonl: {done:,} of {total:,} events\u2026": (
        "Comprobando journal.jsonl: {done:,} de {total:,} eventos\u2026"
    ),
    "Checking\u2026": "Comprobando\u2026",
    "Compare it with what {command} prints on a Station you trust. (A page changed on"
    " purpose could show any hash here: the SHA-256 of its file, as {tool} gives it, is the"
    " one no change can hide.)": (
        "Compárelo con lo que imprime {command} en una Station de su confianza. (Una página"
        " alterada a propósito podría mostrar aquí cualquier hash: el SHA-256 de su archivo,"
        " como lo da {tool}, es el que ningún cambio puede ocultar.)"
    ),
    "Connecting to the station\u2026": "Conectando con la estación\u2026",
    "Connecting\u2026": "Conectando\u2026",
    "Download my record": "Descargar mi registro",
    "Drop the export folder here (or a consolidation's folder), or pick it:": (
        "Suelte aquí la carpeta de la exportación (o la de una consolidación), o elíjala:"
    ),
    "ENVELOPE STAGE \u2014 no ballot is opened yet": (
        "ETAPA DE SOBRES \u2014 aún no se abre ninguna papeleta"
    ),
    "Each voting group's ballots counted so far. Each unit's result is stated on the"
    " station's dashboard and its tally sheets, not on this page.": (
        "Las papeletas contadas hasta ahora de cada grupo de votación. El resultado de cada"
        " unidad se declara en el tablero de la estación y en sus actas, no en esta página."
    ),
    "Envelope stage ended: the ballots in the box are the envelopes accepted": (
        "Terminó la etapa de sobres: las papeletas de la urna son las de los sobres aceptados"
    ),
    "Envelope stage ended: the ballots in the box are the envelopes accepted and received"
    " after the due date": (
        "Terminó la etapa de sobres: las papeletas de la urna son las de los sobres aceptados"
        " y los recibidos tras la fecha límite"
    ),
    "Every event and signed head is checked in this browser. Station live page {version};"
    " read-only.": (
        "Cada evento y cada cabeza firmada se comprueban en este navegador. Página en vivo de"
        " Station {version}; solo lectura."
    ),
    "Follow": "Seguir",
    "Follow a count": "Seguir un conteo",
    "I mis-tapped": "Me equivoqué de botón",
    "INTACT. What {command} says of this folder, word for word, in English:": (
        "ÍNTEGRA. Lo que dice {command} de esta carpeta, palabra por palabra, en inglés:"
    ),
    "JSON nested too deep": "JSON anidado demasiado hondo",
    "Journal:": "Diario:",
    "Key fingerprint the observers wrote down": (
        "Huella de la clave que anotaron los observadores"
    ),
    "Language": "Idioma",
    "Last calls": "Últimas papeletas cantadas",
    "Live count": "Conteo en vivo",
    "Live count, case {case}": "Conteo en vivo, caso {case}",
    "My call stands": "Mantengo mi anotación",
    "My calls:": "Mis anotaciones:",
    "NOT CHECKED. What {command} says of this folder, word for word, in English:": (
        "NO COMPROBADA. Lo que dice {command} de esta carpeta, palabra por palabra, en inglés:"
    ),
    "NOT CHECKED: {folder}: '{typed}' is not a key fingerprint (32 hex digits, as the"
    " observers wrote it down)": (
        "NO COMPROBADA: {folder}: '{typed}' no es una huella de clave (32 dígitos"
        " hexadecimales, como la anotaron los observadores)"
    ),
    "NOT INTACT. What {command} says of this folder, word for word, in English:": (
        "NO ÍNTEGRA. Lo que dice {command} de esta carpeta, palabra por palabra, en inglés:"
    ),
    "NOT INTACT: {problem}": "NO ÍNTEGRO: {problem}",
    "Pile": "Pila",
    "Print it": "Imprimirlo",
    "Record hash (write it down):": "Hash del registro (anótelo):",
    "Starting Station's Python in this browser\u2026": (
        "Iniciando el Python de Station en este navegador\u2026"
    ),
    "Station": "Estación",
    "Station verifier": "Verificador de Station",
    "Station verifier {version}, run by Station's own Python in this browser (Pyodide"
    " {pyodide}). SHA-256 of this page:": (
        "Verificador de Station {version}, ejecutado por el propio Python de Station en este"
        " navegador (Pyodide {pyodide}). SHA-256 de esta página:"
    ),
    "Station's Python could not start in this browser: {error}": (
        "El Python de Station no pudo iniciarse en este navegador: {error}"
    ),
    "Station's Python is ready in this browser: pick or drop the folder.": (
        "El Python de Station está listo en este navegador: elija o suelte la carpeta."
    ),
    "Tally along": "Contar a la par",
    "The feed cannot be followed in this browser: the page stopped on something it cannot"
    " check here, so nothing more is shown as checked. Follow the count with `station"
    " witness` or the dashboard, or open this address in a current Chrome, Firefox or"
    " Safari": (
        "La transmisión no se puede seguir en este navegador: la página se detuvo en algo que"
        " no puede comprobar aquí, así que nada más se muestra como comprobado. Siga el conteo"
        " con `station witness` o el tablero, o abra esta dirección en un Chrome, Firefox o"
        " Safari actual"
    ),
    "The feed cannot be followed: the feed answered {status}": (
        "La transmisión no se puede seguir: respondió {status}"
    ),
    "The folder": "La carpeta",
    "The folder could not be checked in this browser: {error}": (
        "La carpeta no se pudo comprobar en este navegador: {error}"
    ),
    "The station's URL with its token, as {command} shows it (this page asks that address"
    " and no other)": (
        "La URL de la estación con su token, como la muestra {command} (esta página consulta"
        " esa dirección y ninguna otra)"
    ),
    "This page asks for nothing outside itself (asked for {error}).": (
        "Esta página no pide nada fuera de sí misma (se pidió {error})."
    ),
    "Undo my last call": "Deshacer mi última anotación",
    "VALID": "VÁLIDAS",
    "VOID": "NULAS",
    "Void": "Nulas",
    "Voting group": "Grupo de votación",
    "When you pick a folder, the browser may ask whether to \u201cupload\u201d its files to"
    " this site: that is its word for letting this page read them. Answer Upload: this page"
    " is a file on this computer, and the files stay here.": (
        "Al elegir una carpeta, el navegador puede preguntar si desea \u201csubir\u201d sus"
        " archivos a este sitio: es su manera de dejar que esta página los lea. Responda"
        " Subir: esta página es un archivo en esta computadora y los archivos se quedan aquí."
    ),
    "You": "Usted",
    "You and the station agree on {agree:,} of {compared:,}": (
        "Usted y la estación coinciden en {agree:,} de {compared:,}"
    ),
    "Your last tap could not be kept on this device ({error}): it is not recorded. Nothing"
    " more is recorded until this page is opened again.": (
        "Su último toque no se pudo guardar en este dispositivo ({error}): no está registrado."
        " No se registra nada más hasta que se vuelva a abrir esta página."
    ),
    "Your record stays on this device; the station's journal is the count. Nothing you tap"
    " is sent to the station.": (
        "Su registro se queda en este dispositivo; el diario de la estación es el conteo. Nada"
        " de lo que toque se envía a la estación."
    ),
    "accepted": "aceptados",
    "after the tally": "después del escrutinio",
    "at the polls": "en las urnas",
    "ballots counted": "papeletas contadas",
    "challenged": "impugnados",
    "event {seq:,}, head {hash}": "evento {seq:,}, cabeza {hash}",
    "late": "tardíos",
    "no list of events and heads": "ninguna lista de eventos y cabezas",
    "not JSON": "no es JSON",
    "not a JSON object": "no es un objeto JSON",
    "of": "de",
    "or its five files": "o sus cinco archivos",
    "ordered opened": "con orden de abrir",
    "received after the due date (counted)": "recibidos tras la fecha límite (contados)",
    "remaining": "por contar",
    "returned": "devueltos",
    "sustained": "sostenidos",
    "void": "nulos",
}

COUNTS: dict[tuple[str, str], tuple[str, ...]] = {
    # the pages' announcements
    ("{n:,} ballot counted: {figures}.", "{n:,} ballots counted: {figures}."): (
        "{n:,} papeleta contada: {figures}.",
        "{n:,} papeletas contadas: {figures}.",
    ),
    # the pages
    (", with {n:,} voter at the polls", ", with {n:,} voters at the polls"): (
        ", con {n:,} votante en las urnas",
        ", con {n:,} votantes en las urnas",
    ),
    ("replacement", "replacements"): ("reemplazo", "reemplazos"),
}
