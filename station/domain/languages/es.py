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
        " \u00b7 {n:,} de las suyas aún sin leer por la estación"
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
        "Cada evento y cada hash de cabecera firmado se comprueban en este navegador. Página en vivo de"
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
    "Last calls": "Últimas lecturas",
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
    "event {seq:,}, head {hash}": "evento {seq:,}, hash de cabecera {hash}",
    "late": "tardíos",
    "no list of events and heads": "ninguna lista de eventos y hashes de cabecera",
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
    # station/domain/statements.py
    "A majority of the valid votes counted plus challenged ballots has been cast for {union}.": (
        "La mayoría de los votos válidos contados más las papeletas impugnadas se ha"
        " emitido a favor de {union}."
    ),
    "A majority of the valid votes counted plus challenged ballots has not been cast for {union}.": (
        "La mayoría de los votos válidos contados más las papeletas impugnadas no se"
        " ha emitido a favor de {union}."
    ),
    "ALTERED": "ALTERADO",
    "MISSING": "FALTANTE",
    "DOES NOT ADD UP": "NO CUADRA",
    "BREAKS THE COUNT'S RULES": "INFRINGE LAS REGLAS DEL ESCRUTINIO",
    "READ-ONLY — EVENT {seq:,} {fault}": "SOLO LECTURA — EVENTO {seq:,} {fault}",
    "Challenges are sufficient in number to affect the results of the election.": (
        "Las impugnaciones son suficientes en número para afectar los resultados de la elección."
    ),
    "Challenges are not sufficient in number to affect the results of the election.": (
        "Las impugnaciones no son suficientes en número para afectar los resultados de la elección."
    ),
    "Whether challenges are sufficient in number to affect the results of the election is not"
    " yet determined: {pending}.": (
        "Aún no está determinado si las impugnaciones son suficientes en número para"
        " afectar los resultados de la elección: {pending}."
    ),
    "Whether a majority of the valid votes counted plus challenged ballots has been cast for"
    " {union} is not yet determined: {pending}.": (
        "Aún no está determinado si la mayoría de los votos válidos contados"
        " más las papeletas impugnadas se ha emitido a favor de {union}: {pending}."
    ),
    "Dashboard open on {screen} · F11 hides it": "Panel abierto en {screen} · F11 lo oculta",
    "It cannot be shown either. `station verify FILE` and `station log FILE` say more.": (
        "Tampoco se puede mostrar. `station verify FILE` y `station log FILE` dicen más."
    ),
    "It is shown read-only: the count of the events before the one named. `station verify FILE`"
    " and `station log FILE` say more.": (
        "Se muestra en solo lectura: el escrutinio de los eventos anteriores al indicado."
        " `station verify FILE` y `station log FILE` dicen más."
    ),
    "Nothing is counted ({box}): a final tally would certify no ballots at all": (
        "No hay nada contado ({box}): un recuento final no certificaría ninguna papeleta"
    ),
    "Result decided: {union} wins.": "Resultado decidido: {union} gana.",
    "Result decided: {union} loses.": "Resultado decidido: {union} pierde.",
    "The count is open: calls can be recorded.": (
        "El escrutinio está abierto: se pueden registrar papeletas."
    ),
    "The count is paused (locked) by the interim tally prepared at event {seq:,}, after ballot"
    " {last_call:,}; resume it to record more calls.": (
        "El escrutinio está en pausa (bloqueado) por el recuento provisional preparado en el"
        " evento {seq:,}, después de la papeleta {last_call:,}; reánudelo para registrar"
        " más papeletas."
    ),
    "The count is locked by the {title} tally prepared at event {seq:,}; it must be reopened,"
    " with a reason, to record more calls.": (
        "El escrutinio está bloqueado por el recuento {title} preparado en el evento {seq:,};"
        " hay que reabrirlo, indicando el motivo, para registrar más papeletas."
    ),
    "the count is locked by the {title} tally sheet prepared at event {seq:,}. Reopen the count"
    " (Count menu) to record further calls.": (
        "el escrutinio está bloqueado por el acta del recuento {title} preparada en el evento"
        " {seq:,}. Reabra el escrutinio (menú Escrutinio) para registrar más papeletas."
    ),
    "final": "final",
    "interim": "provisional",
    "revised": "revisado",
    "corrected": "corregido",
    "corrected {revision}": "corregido {revision}",
    "key {key} names no choice on this ballot ({keys}); nothing was recorded": (
        "la tecla {key} no corresponde a ninguna opción de esta papeleta ({keys}); no se"
        " registró nada"
    ),
    "no ballots counted": "ninguna papeleta contada",
    "the count is not finished": "el escrutinio no ha terminado",
    "this is an interim tally; the count goes on": (
        "este es un recuento provisional; el escrutinio continúa"
    ),
    "{counted:,} ballots counted, but the box held {ballots:,}": (
        "{counted:,} papeletas contadas, pero la urna contenía {ballots:,}"
    ),
    "{figure} of {ballots:,} ballots counted{beyond}": (
        "{figure} de {ballots:,} papeletas contadas{beyond}"
    ),
    "{pile} recounted: {found} found, {size} recorded": (
        "{pile} recontada: {found} encontradas, {size} registradas"
    ),
    "{problem}. Shown: the count of the events before it; nothing more can be counted in this"
    " file.": (
        "{problem}. Se muestra: el escrutinio de los eventos anteriores; no se puede contar nada"
        " más en este archivo."
    ),
    "{recounted}: not yet set right": "{recounted}: aún sin corregir",
    # station/domain/result_statements.py
    ", unless the challenged ballots change it": ", salvo que las papeletas impugnadas lo cambien",
    "A majority of the employees eligible to vote have voted to rescind the authority of the"
    " Employer and {union} to require, under their agreement, that employees make certain lawful"
    " payments to the union in order to retain their jobs.": (
        "La mayoría de los empleados con derecho a votar ha votado por revocar la autoridad del"
        " Empleador y de {union} para exigir, conforme a su convenio, que los empleados hagan"
        " ciertos pagos lícitos al sindicato para conservar sus empleos."
    ),
    "A majority of the employees eligible to vote have not voted to rescind the authority of the"
    " Employer and {union} to require, under their agreement, that employees make certain lawful"
    " payments to the union in order to retain their jobs.": (
        "La mayoría de los empleados con derecho a votar no ha votado por revocar la autoridad del"
        " Empleador y de {union} para exigir, conforme a su convenio, que los empleados hagan"
        " ciertos pagos lícitos al sindicato para conservar sus empleos."
    ),
    "Whether a majority of the employees eligible to vote have voted to rescind the authority of"
    " the Employer and {union} to require, under their agreement, that employees make certain"
    " lawful payments to the union in order to retain their jobs is not yet determined:"
    " {pending}.": (
        "Aún no está determinado si la mayoría de los empleados con derecho a votar ha votado por"
        " revocar la autoridad del Empleador y de {union} para exigir, conforme a su convenio, que"
        " los empleados hagan ciertos pagos lícitos al sindicato para conservar sus empleos:"
        " {pending}."
    ),
    "Whether a majority of the valid votes counted plus challenged ballots has been cast for any"
    " choice is not yet determined: {pending}.": (
        "Aún no está determinado si la mayoría de los votos válidos contados más las papeletas"
        " impugnadas se ha emitido a favor de alguna opción: {pending}."
    ),
    "No choice has received a majority of the valid votes counted plus challenged ballots.": (
        "Ninguna opción ha recibido la mayoría de los votos válidos contados más las papeletas"
        " impugnadas."
    ),
    "No choice has a majority — runoff between {first} and {second}{unless}, held if no"
    " objections are filed, or once those filed are resolved (29 CFR 102.70(a)).": (
        "Ninguna opción tiene mayoría — elección de desempate entre {first} y {second}{unless},"
        " que se celebra si no se presentan objeciones, o una vez resueltas las presentadas"
        " (29 CFR 102.70(a))."
    ),
    "No choice has a majority and the votes are divided so that the election is void: it is"
    " rerun with every choice (29 CFR 102.70(d)){unless}.": (
        "Ninguna opción tiene mayoría y los votos están divididos de modo que la elección es nula:"
        " se repite con todas las opciones (29 CFR 102.70(d)){unless}."
    ),
    "No choice has a majority and the votes are divided so that no runoff can be held; this was"
    " the one further election 29 CFR 102.70(d) allows, so no other is held: the results are"
    " certified{unless}.": (
        "Ninguna opción tiene mayoría y los votos están divididos de modo que no puede celebrarse"
        " una elección de desempate; esta fue la única elección adicional que permite el"
        " 29 CFR 102.70(d), así que no se celebra otra: se certifican los resultados{unless}."
    ),
    "No choice has a majority; two choices tie, another has no votes and every eligible voter"
    " cast a valid ballot: no runoff is held, and a certification of results of election is"
    " issued (29 CFR 102.70(d)).": (
        "Ninguna opción tiene mayoría; dos opciones empatan, otra no tiene votos y todos los"
        " votantes con derecho a voto emitieron una papeleta válida: no se celebra elección de"
        " desempate, y se expide una certificación de los resultados de la elección"
        " (29 CFR 102.70(d))."
    ),
    "The runoff's two unions tie: only one runoff is held (29 CFR 102.70(a)), so no union is"
    " certified: the results are certified{unless}.": (
        "Los dos sindicatos de la elección de desempate empatan: solo se celebra una elección de"
        " desempate (29 CFR 102.70(a)), así que no se certifica ningún sindicato: se certifican los"
        " resultados{unless}."
    ),
    "Result decided: the authority of {union} is rescinded.": (
        "Resultado decidido: la autoridad de {union} queda revocada."
    ),
    "Result decided: the authority of {union} is not rescinded.": (
        "Resultado decidido: la autoridad de {union} no queda revocada."
    ),
    "Result decided: {choice} has a majority; no union wins.": (
        "Resultado decidido: {choice} tiene la mayoría; ningún sindicato gana."
    ),
    "Result decided: no choice can have a majority — runoff between {first} and {second}.": (
        "Resultado decidido: ninguna opción puede tener mayoría — elección de desempate entre"
        " {first} y {second}."
    ),
    "Result decided: no choice can have a majority; no other election is held (102.70(d)): the"
    " results are certified.": (
        "Resultado decidido: ninguna opción puede tener mayoría; no se celebra otra elección"
        " (102.70(d)): se certifican los resultados."
    ),
    "Result decided: no choice can have a majority; the election is rerun (102.70(d)).": (
        "Resultado decidido: ninguna opción puede tener mayoría; la elección se repite (102.70(d))."
    ),
    "Result decided: the two unions tie; no union wins (102.70(a)).": (
        "Resultado decidido: los dos sindicatos empatan; ningún sindicato gana (102.70(a))."
    ),
    "Objections to the conduct of the election or to conduct affecting its results must be filed"
    " with the Regional Director, with an offer of proof, by {due}: within five business days"
    " after this tally was prepared (29 CFR 102.69(a)(8)).": (
        "Las objeciones a la conducta de la elección o a la conducta que afecte sus resultados"
        " deben presentarse ante el Director Regional, con una oferta de prueba, a más tardar el"
        " {due}: dentro de los cinco días hábiles siguientes a la preparación de este recuento"
        " (29 CFR 102.69(a)(8))."
    ),
    "This revised tally opens no new time for objections: they ran from the tally of ballots"
    " prepared on {prepared} and were due by {due}, filed with the Regional Director, with an"
    " offer of proof (29 CFR 102.69(a)(8)).": (
        "Este recuento revisado no abre un nuevo plazo para objeciones: el plazo corrió desde el"
        " recuento de papeletas preparado el {prepared} y venció el {due}, para presentarlas ante"
        " el Director Regional, con una oferta de prueba (29 CFR 102.69(a)(8))."
    ),
    "{month} {day}, {year}": "{day} de {month} de {year}",
    "January": "enero",
    "February": "febrero",
    "March": "marzo",
    "April": "abril",
    "May": "mayo",
    "June": "junio",
    "July": "julio",
    "August": "agosto",
    "September": "septiembre",
    "October": "octubre",
    "November": "noviembre",
    "December": "diciembre",
    # station/witness/statements.py
    "NO FEED": "SIN TRANSMISIÓN",
    "NOT SIGNED FOR": "SIN FIRMA DESDE HACE",
    "FEED GARBLED": "TRANSMISIÓN ILEGIBLE",
    "FEED NOT VERIFIED": "TRANSMISIÓN NO VERIFICADA",
    " (NOT checked against a fingerprint written down: compare it with yours)": (
        " (NO comprobada con una huella digital anotada: compárela con la suya)"
    ),
    ", the key written down": ", la clave anotada",
    " (NOT checked against a fingerprint written down: type it above)": (
        " (NO comprobada con una huella digital anotada: escríbala arriba)"
    ),
    "LIVE · {said}": "EN VIVO · {said}",
    "STATION: {problem} · {said}": "ESTACIÓN: {problem} · {said}",
    "event {signed:,} signed by key {key}{checked}": (
        "evento {signed:,} firmado con la clave {key}{checked}"
    ),
    "no signed head yet: nothing counted": (
        "todavía no hay ninguna cabecera firmada: no se cuenta nada"
    ),
    "REFUSED: '{typed}' is not a key fingerprint (32 hex digits): the count is not shown until"
    " the fingerprint is whole": (
        "RECHAZADO: '{typed}' no es la huella digital de una clave (32 dígitos hexadecimales): el"
        " escrutinio no se muestra hasta que la huella esté completa"
    ),
    "REFUSED: the feed's heads are signed by key {key}, not by the expected key {expected}": (
        "RECHAZADO: las cabeceras de la transmisión están firmadas con la clave {key}, no con la"
        " clave esperada {expected}"
    ),
    "The feed cannot be followed: the station at {shown} does not answer (is `station serve`"
    " running, and this device on the room's network?)": (
        "No se puede seguir la transmisión: la estación en {shown} no responde (¿está en marcha"
        " `station serve`, y este dispositivo en la red de la sala?)"
    ),
    "The feed cannot be followed: the station refused the token (copy the whole URL `station"
    " serve` shows)": (
        "No se puede seguir la transmisión: la estación rechazó el token (copie la URL completa"
        " que muestra `station serve`)"
    ),
    "an answer of more than {mib:g} MiB, larger than any feed's": (
        "una respuesta de más de {mib:g} MiB, mayor que la de cualquier transmisión"
    ),
    "the feed sent more than {what} after event {after:,} with no head signed by the station's"
    " key, which signs what it serves within seconds: they are not counted, and nothing more is"
    " taken from this feed": (
        "la transmisión envió más de {what} después del evento {after:,} sin ninguna cabecera"
        " firmada con la clave de la estación, que firma lo que sirve en segundos: no se cuentan,"
        " y no se toma nada más de esta transmisión"
    ),
    "{events:,} events": "{events:,} eventos",
    "{mib:.0f} MiB of events": "{mib:.0f} MiB de eventos",
    "{garbled}: {shown} answered with something that is not a Station feed ({why}); not a"
    " forgery, and nothing of it was kept": (
        "{garbled}: {shown} respondió con algo que no es una transmisión de Station ({why}); no es"
        " una falsificación, y no se guardó nada de ello"
    ),
    "{label} is left out of the total; its feed failed verification: {problem}": (
        "{label} queda fuera del total; su transmisión no pasó la verificación: {problem}"
    ),
    "{shown}: serves a feed of format {served}, and this Station follows {followed}: follow it"
    " with the same version of Station as the one serving it": (
        "{shown}: sirve una transmisión de formato {served}, y este Station sigue {followed}:"
        " sígala con la misma versión de Station que la sirve"
    ),
    "⚠ THE STATION CANNOT READ ITS JOURNAL\n{problem}": (
        "⚠ LA ESTACIÓN NO PUEDE LEER SU REGISTRO\n{problem}"
    ),
    "⚠ {status}\nThe connection to the station is lost; the figures are the last verified.": (
        "⚠ {status}\nSe perdió la conexión con la estación; las cifras son las últimas verificadas."
    ),
    "⚠ {status}\n{problem}. The figures are the last verified; the feed is asked again.": (
        "⚠ {status}\n{problem}. Las cifras son las últimas verificadas; se vuelve a pedir la"
        " transmisión."
    ),
    "⚠ {status}\n{problem}. The figures are those the station signed: events without its"
    " signature may have been added on the way.": (
        "⚠ {status}\n{problem}. Las cifras son las que firmó la estación: pueden haberse añadido"
        " por el camino eventos sin su firma."
    ),
    "⚠ {status}\n{problem}. The figures shown are those verified before it; nothing after it is"
    " shown.": (
        "⚠ {status}\n{problem}. Las cifras mostradas son las verificadas antes de ello; no se"
        " muestra nada posterior."
    ),
    "⚠ {status}: {problem}": "⚠ {status}: {problem}",
    # station/domain/calls.py
    "FOR": "A FAVOR",
    "AGAINST": "EN CONTRA",
    "VOID": "NULA",
    "CHALLENGED": "IMPUGNADA",
    "YES": "SÍ",
    "NO": "NO",
    # station/domain/piles.py
    "{lane} pile {pile}": "pila {pile} de {lane}",
    "this election has no pile checks": "esta elección no tiene recuentos de pilas",
    "{pile} is not full": "la {pile} no está llena",
    "a recount finds a number of ballots, not {found}": (
        "un recuento da un número de papeletas, no {found}"
    ),
    "{pile} was found wrong: correct the count (undo, call again) and refill"
    " the pile before it is recounted": (
        "la {pile} resultó incorrecta: corrija el escrutinio (deshaga, vuelva a leer) y"
        " rellene la pila antes de recontarla"
    ),
    "group {group} {lane}": "{lane} del grupo {group}",
    "pile {pile}: {held} of {size}": "pila {pile}: {held} de {size}",
    " — not recounted": " — sin recontar",
    " — recount": " — recontar",
    # station/domain/describe.py
    "Ballot {ballot:,} {call}": "Papeleta {ballot:,} {call}",
    "Ballot {ballot:,} {call} (over the ballots in the box, confirmed)": (
        "Papeleta {ballot:,} {call} (por encima de las papeletas de la urna, confirmada)"
    ),
    "Ballot {ballot:,} {call} — undone": "Papeleta {ballot:,} {call} — deshecha",
    "Ballot {ballot:,} {call} — redone": "Papeleta {ballot:,} {call} — rehecha",
    "Ballot {ballot:,} {challenged}": "Papeleta {ballot:,} {challenged}",
    "Envelope {challenged}": "Sobre {challenged}",
    "Ballot {ballot:,} CHALLENGED by {party}: {reason}{group}": (
        "Papeleta {ballot:,} IMPUGNADA por {party}: {reason}{group}"
    ),
    "Ballot {ballot:,} VOID disputed: now CHALLENGED by {party}: {reason}{group}": (
        "Papeleta {ballot:,} NULA disputada: ahora IMPUGNADA por {party}: {reason}{group}"
    ),
    " — group {group}": " — grupo {group}",
    "challenged by {party}: {reason}": "impugnada por {party}: {reason}",
    "reason not given": "motivo no indicado",
    "the Employer": "el Empleador",
    "the Union": "el Sindicato",
    "the {party}": "{party}",
    "Station opened the count": "Station abrió el escrutinio",
    "Station opened the count (the last session was interrupted)": (
        "Station abrió el escrutinio (la sesión anterior se interrumpió)"
    ),
    "Station closed the count": "Station cerró el escrutinio",
    "Station closed the count, then opened it again": (
        "Station cerró el escrutinio y luego lo volvió a abrir"
    ),
    "Count paused after ballot {ballot:,}; interim tally prepared": (
        "Escrutinio en pausa después de la papeleta {ballot:,}; recuento provisional preparado"
    ),
    "Final tally prepared; the count is locked": (
        "Recuento final preparado; el escrutinio queda bloqueado"
    ),
    "Revised tally prepared; the count is locked": (
        "Recuento revisado preparado; el escrutinio queda bloqueado"
    ),
    "Corrected tally prepared; the count is locked": (
        "Recuento corregido preparado; el escrutinio queda bloqueado"
    ),
    "Corrected {revision} tally prepared; the count is locked": (
        "Recuento corregido {revision} preparado; el escrutinio queda bloqueado"
    ),
    "Count resumed at ballot {ballot:,}": "Escrutinio reanudado en la papeleta {ballot:,}",
    "Count reopened: {reason}": "Escrutinio reabierto: {reason}",
    "Pile recounted": "Pila recontada",
    "{pile} recounted: {found} of {size}, confirmed": (
        "{pile} recontada: {found} de {size}, confirmada"
    ),
    "{recounted} — MISMATCH": "{recounted} — NO COINCIDE",
    # station/domain/group_statements.py
    "Counting group {group} — {name}": "Contando el grupo {group} — {name}",
    "Group {group} — {name}": "Grupo {group} — {name}",
    "Unit {groups} — {name}": "Unidad {groups} — {name}",
    "Unit {groups}": "Unidad {groups}",
    "Unit {groups} ({name})": "Unidad {groups} ({name})",
    "Paused: the figures below are this group's (G: another group)": (
        "En pausa: las cifras de abajo son de este grupo (G: otro grupo)"
    ),
    "Paused: the figures below are this group's; whether the groups are pooled is not yet"
    " determined (G: another group)": (
        "En pausa: las cifras de abajo son de este grupo; aún no está determinado si los grupos"
        " se combinan (G: otro grupo)"
    ),
    " (G and a group's letter: another unit)": " (G y la letra de un grupo: otra unidad)",
    "The count is locked: the figures below are this unit's{other}": (
        "El escrutinio está bloqueado: las cifras de abajo son de esta unidad{other}"
    ),
    "The count is locked: the figures below are this unit's, its groups' together{other}": (
        "El escrutinio está bloqueado: las cifras de abajo son de esta unidad, sus grupos"
        " juntos{other}"
    ),
    "void {void:,}": "nulas {void:,}",
    "challenged {challenged:,}": "impugnadas {challenged:,}",
    "inclusion yes {yes:,} · no {no:,}{spoilt}": "inclusión sí {yes:,} · no {no:,}{spoilt}",
    " · void {void:,} · unmarked {blank:,}": " · nulas {void:,} · sin marcar {blank:,}",
    "Group {group}, question 1 (inclusion): yes so far — not yet determined": (
        "Grupo {group}, pregunta 1 (inclusión): sí por ahora — aún no determinado"
    ),
    "Group {group}, question 1 (inclusion): no majority yes so far — not yet determined": (
        "Grupo {group}, pregunta 1 (inclusión): sin mayoría por el sí por ahora — aún no"
        " determinado"
    ),
    "Group {group} voted for inclusion: its votes are pooled": (
        "El grupo {group} votó por la inclusión: sus votos se combinan"
    ),
    "Group {group} did not vote for inclusion: it is a unit of its own": (
        "El grupo {group} no votó por la inclusión: es una unidad aparte"
    ),
    "Inclusion yes {yes:,} · no {no:,}{spoilt}: a majority yes so far, not yet determined": (
        "Inclusión sí {yes:,} · no {no:,}{spoilt}: mayoría por el sí por ahora, aún no determinado"
    ),
    "Inclusion yes {yes:,} · no {no:,}{spoilt}: no majority yes so far, not yet determined": (
        "Inclusión sí {yes:,} · no {no:,}{spoilt}: sin mayoría por el sí por ahora, aún no"
        " determinado"
    ),
    "Inclusion yes {yes:,} · no {no:,}{spoilt}: voted for inclusion, pooled": (
        "Inclusión sí {yes:,} · no {no:,}{spoilt}: votó por la inclusión, se combina"
    ),
    "Inclusion yes {yes:,} · no {no:,}{spoilt}: not for inclusion, a unit of its own": (
        "Inclusión sí {yes:,} · no {no:,}{spoilt}: no votó por la inclusión, unidad aparte"
    ),
    "not yet determined": "aún no determinado",
    "{who} challenges are sufficient to affect the result — {said}": (
        "{who} las impugnaciones son suficientes para afectar el resultado — {said}"
    ),
    "{who} challenges are not sufficient to affect the result — {said}": (
        "{who} las impugnaciones no son suficientes para afectar el resultado — {said}"
    ),
    "{who} not yet determined — challenges could affect the result so far": (
        "{who} aún no determinado — por ahora las impugnaciones podrían afectar el resultado"
    ),
    "{who} not yet determined — challenges are not sufficient to affect the result so far": (
        "{who} aún no determinado — por ahora las impugnaciones no son suficientes para afectar"
        " el resultado"
    ),
    "no choice has a majority": "ninguna opción tiene mayoría",
    "a majority for {choice}": "mayoría para {choice}",
    "a majority for {choice} (no union)": "mayoría para {choice} (ningún sindicato)",
    "a majority {against} (no union)": "mayoría {against} (ningún sindicato)",
    " — the group joins the existing unit": " — el grupo se une a la unidad existente",
    "the group stays unrepresented (certification of results)": (
        "el grupo queda sin representación (certificación de resultados)"
    ),
    "the group is a separate unit, represented by {union} (certification of representative)": (
        "el grupo es una unidad aparte, representada por {union} (certificación de representante)"
    ),
    "the group stays in the existing unit {incumbent} represents (certification of results)": (
        "el grupo permanece en la unidad existente que representa {incumbent} (certificación de"
        " resultados)"
    ),
    "the group joins the existing unit {incumbent} represents": (
        "el grupo se une a la unidad existente que representa {incumbent}"
    ),
    # station/domain/table_statements.py
    "Table {table}": "Mesa {table}",
    "not every table has prepared its final tally": (
        "no todas las mesas han preparado su recuento final"
    ),
    "the signed tally sheet of 1 table": "el acta firmada de 1 mesa",
    "the sum of {tables:,} tables' signed tally sheets": (
        "la suma de las actas firmadas de {tables:,} mesas"
    ),
    "this is the count of {table} alone; the result is stated on the consolidated tally of the"
    " tables": (
        "este es solo el escrutinio de la {table}; el resultado se indica en el recuento"
        " consolidado de las mesas"
    ),
    # station/domain/resolution_statements.py
    "Ballot {ballot:,}": "Papeleta {ballot:,}",
    "Event {event}": "Evento {event}",
    "{ballot} {call} disputed by {party}: left as called, noted for objections": (
        "{ballot} {call} disputada por {party}: se deja como se leyó, anotada para objeciones"
    ),
    "{ballot} {call} disputed by {party}: now CHALLENGED": (
        "{ballot} {call} disputada por {party}: ahora IMPUGNADA"
    ),
    "{ballot}: {party} joins the dispute": "{ballot}: {party} se suma a la disputa",
    "{ballot}: settlement taken back, the challenge is open again": (
        "{ballot}: acuerdo retirado, la impugnación vuelve a estar abierta"
    ),
    "{ballot}: dispute withdrawn by {party}, the ballot counts as called": (
        "{ballot}: disputa retirada por {party}, la papeleta cuenta como se leyó"
    ),
    "{ballot}: challenge withdrawn; the ballot is opened and counted": (
        "{ballot}: impugnación retirada; la papeleta se abre y se cuenta"
    ),
    "{ballot}: challenge sustained by agreement; never opened": (
        "{ballot}: impugnación sostenida por acuerdo; nunca se abre"
    ),
    "{ballot}: dispute withdrawn by {party}": "{ballot}: disputa retirada por {party}",
    "original tally {votes}, {void:,} VOID, {challenged:,} challenged": (
        "recuento original {votes}, {void:,} NULAS, {challenged:,} impugnadas"
    ),
    "{many:,} in group {group}": "{many:,} en el grupo {group}",
    "; still to count: {piles}": "; faltan por contar: {piles}",
    # station/domain/statements.py: what the windows say of the dashboard and the count
    "All ballots counted — Ctrl+T prepares the tally": (
        "Todas las papeletas contadas — Ctrl+T prepara el recuento"
    ),
    "Dashboard open behind this window · F11 hides it": (
        "Panel abierto detrás de esta ventana · F11 lo oculta"
    ),
    "Enter came as the question appeared: nothing recorded. Recount the pile, then press Enter.": (
        "Se pulsó Enter justo cuando apareció la pregunta: no se registró nada. Recuente la pila"
        " y luego pulse Enter."
    ),
    "The keyboard was on the dashboard, which records nothing. This window has it again: press"
    " the key again.": (
        "El teclado estaba en el panel, que no registra nada. Esta ventana lo tiene de nuevo:"
        " pulse la tecla otra vez."
    ),
    "another screen": "otra pantalla",
    "read-only: this file cannot be counted in": (
        "solo lectura: en este archivo no se puede contar"
    ),
    "⚠ The operator has a question waiting — any key returns to it": (
        "⚠ El operador tiene una pregunta pendiente — cualquier tecla vuelve a ella"
    ),
    # station/domain/party_words.py
    "Employer": "Empleador",
    "Employer-Petitioner": "Empleador-Peticionario",
    "Petitioner": "Peticionario",
    "Union": "Sindicato",
    "Intervenor": "Interventor",
    "Incumbent": "Titular",
    "not on this ballot": "no figura en esta papeleta",
    # station/domain/envelopes.py: ending the envelope stage
    "; from then on no envelope can be ruled, and the ballots are counted.": (
        "; desde entonces no se puede resolver ningún sobre y se cuentan las papeletas."
    ),
    " {accepted:,} accepted, {late:,} received after the due date, {challenged:,}"
    " challenged, {void:,} void": (
        " {accepted:,} aceptados, {late:,} recibidos tras la fecha límite, {challenged:,}"
        " impugnados, {void:,} nulos"
    ),
    " {accepted:,} accepted, {challenged:,} challenged, {void:,} void, {late:,} late": (
        " {accepted:,} aceptados, {challenged:,} impugnados, {void:,} nulos, {late:,} tardíos"
    ),
    " with the {at_polls:,} from the polls": " con las {at_polls:,} de las urnas",
    # station/domain/envelopes.py: an envelope's ruling, in the envelope window
    "written in: {name}": "añadido a mano: {name}",
    " (replacement for the envelope voided at event {event})": (
        " (reemplazo del sobre anulado en el evento {event})"
    ),
    " (group {group})": " (grupo {group})",
    "Envelope": "Sobre",
    "Voter": "Votante",
    "Envelope (written in) {name}": "Sobre (añadido a mano) {name}",
    "Ballots to count: {modes}": "Papeletas por contar: {modes}",
    "{by_mail:,} by mail, {at_polls:,} at the polls{opened}": (
        "{by_mail:,} por correo, {at_polls:,} en las urnas{opened}"
    ),
    # station/domain/envelope_parties.py: the envelope stage on the observers' dashboard
    "{late:,} received after the due date": "recibidos tras la fecha límite {late:,}",
    "challenged envelopes: withheld until the final tally": (
        "sobres impugnados: reservados hasta el acta final"
    ),
    "ENVELOPE STAGE \u2014 envelopes: {figures}. No ballot is opened yet.": (
        "ETAPA DE SOBRES \u2014 sobres: {figures}. Aún no se abre ninguna papeleta."
    ),
    "Ballots in the box: the envelopes accepted and received after the due date": (
        "Papeletas en la urna: los sobres aceptados y los recibidos tras la fecha límite"
    ),
    "Ballots in the box: the envelopes accepted": "Papeletas en la urna: los sobres aceptados",
    "Envelopes: {figures}. {box}.": "Sobres: {figures}. {box}.",
    # station/domain/challenges.py: a challenge's reason, as the window's catalog says it
    "not on the eligibility list": "no está en la lista de elegibles",
    "supervisor": "supervisor",
    "no longer employed": "ya no es empleado",
    "signature or name mismatch": "firma o nombre no coinciden",
    "envelope damaged or opened": "sobre dañado o abierto",
    "disputed void": "nulidad objetada",
    "disputed call": "lectura objetada",
    "other": "otro",
    "signature missing or not matching": "firma ausente o no coincide",
    "envelope damaged": "sobre dañado",
    # station/domain/groups.py: a unit's groups' names, joined
    " and ": " y ",
    # station/domain/choice_votes.py: what a vote on a ballot of several unions was for
    "for {choice}": "por {choice}",
    # station/domain/description.py: the question as the Board's Spanish ballot asks it
    "Do you wish to be represented for purposes of collective bargaining by {union}?": (
        "¿Desea usted ser representado para los propósitos de negociación colectiva por {union}?"
    ),
    "Do you wish to be included with nonprofessional employees in a unit for the purposes"
    " of collective bargaining?": (
        "¿Desea usted ser incluido con los empleados no profesionales en una unidad para los"
        " propósitos de negociación colectiva?"
    ),
    "Do you wish to rescind the authority of your employer and {union} to require,"
    " under their agreement, that employees make certain lawful payments to the union"
    " in order to retain their jobs?": (
        "¿Desea usted revocar la autoridad de su empleador y de {union} para exigir, conforme a"
        " su convenio, que los empleados hagan ciertos pagos lícitos al sindicato para conservar"
        " sus empleos?"
    ),
    "the Petitioner": "el Peticionario",
    "the Board agent": "el Agente de la Junta",
    # station/domain/resolution_statements.py
    "ballot {ballot:,} (no. {number} in the challenge register) is settled:"
    " {status}. To take its call back, open the register (Ctrl+R), select no."
    " {number}, choose \u201c{button}\u201d, then press Ctrl+Z again.": (
        "la papeleta {ballot:,} (n.º {number} del registro de impugnaciones) está resuelta:"
        " {status}. Para deshacer su lectura, abra el registro (Ctrl+R), seleccione el n.º"
        " {number}, elija \u201c{button}\u201d y pulse Ctrl+Z otra vez."
    ),
    "Take the settlement back": "Deshacer el acuerdo",
    "withdrawn": "retirados",
    "Board agent": "Agente de la Junta",
    "the {role}": "el {role}",
    "the {role} ({name})": "el {role} ({name})",
    # station/ui/dashboard/states.py: the dashboard's status line
    "LIVE": "EN VIVO",
    "COUNT PAUSED": "ESCRUTINIO EN PAUSA",
    "TALLY PREPARED": "RECUENTO PREPARADO",
    "STATION CLOSED THE COUNT": "LA ESTACIÓN CERRÓ EL ESCRUTINIO",
    "⚠ JOURNAL UNAVAILABLE — retrying": "⚠ DIARIO NO DISPONIBLE — reintentando",
    "⚠ NO UPDATES FOR {seconds} SECONDS": "⚠ SIN NOVEDADES DESDE HACE {seconds} SEGUNDOS",
    "{problem}. Figures shown are the last known.": (
        "{problem}. Las cifras mostradas son las últimas conocidas."
    ),
    "Figures shown are the last known.": "Las cifras mostradas son las últimas conocidas.",
    "Figures are final for this session.": "Las cifras son definitivas para esta sesión.",
    "Interim tally after ballot {ballot:,} (event {seq:,}).": (
        "Recuento provisional después de la papeleta {ballot:,} (evento {seq:,})."
    ),
    "Final tally at event {seq:,}; the count is locked.": (
        "Recuento final en el evento {seq:,}; el escrutinio queda bloqueado."
    ),
    "Revised tally at event {seq:,}; the count is locked.": (
        "Recuento revisado en el evento {seq:,}; el escrutinio queda bloqueado."
    ),
    "Corrected tally at event {seq:,}; the count is locked.": (
        "Recuento corregido en el evento {seq:,}; el escrutinio queda bloqueado."
    ),
    "Corrected {revision} tally at event {seq:,}; the count is locked.": (
        "Recuento corregido {revision} en el evento {seq:,}; el escrutinio queda bloqueado."
    ),
    # station/domain/envelopes.py
    " (replacement for a void envelope)": " (reemplazo de un sobre nulo)",
    " (second envelope)": " (segundo sobre)",
    "ACCEPTED": "ACEPTADO",
    "LATE": "TARDÍO",
    "VOTED AT THE POLLS": "VOTÓ EN LAS URNAS",
    "RECEIVED AFTER THE TALLY (not opened)": "RECIBIDO DESPUÉS DEL RECUENTO (sin abrir)",
    "Envelope{which} {ruling}": "Sobre{which} {ruling}",
    "Envelope{which} CHALLENGED": "Sobre{which} IMPUGNADO",
    "Envelope{which} VOID": "Sobre{which} NULO",
    "Envelope written in{which} {ruling}": "Sobre de votante añadido a mano{which} {ruling}",
    "Envelope written in{which} CHALLENGED": ("Sobre de votante añadido a mano{which} IMPUGNADO"),
    "Envelope written in{which} VOID": "Sobre de votante añadido a mano{which} NULO",
    "Voter {ruling}": "Votante {ruling}",
    "Voter written in {ruling}": "Votante añadido a mano {ruling}",
    "{words} — undone": "{words} — deshecho",
    "{words} — redone": "{words} — rehecho",
    # station/ui/dashboard/scaled.py: the dashboard's figures
    "VALID VOTES": "VOTOS VÁLIDOS",
    # station/domain/statements.py: what stops the count
    "event {seq:,} left a count that does not add up: nothing more can be recorded in this file": (
        "el evento {seq:,} dejó un escrutinio que no cuadra: no se puede registrar nada más en"
        " este archivo"
    ),
    # station/domain/description.py: the dashboards' header
    " · RUNOFF ELECTION": " · ELECCIÓN DE DESEMPATE",
    # station/domain/election_statements.py: an election held again, in a window's header
    "the election of {date}, case {case}": "la elección del {date}, caso {case}",
    "Further election under 29 CFR 102.70(d): {when} was void, its votes divided"
    " so that no runoff could be held; only one further election is held": (
        "Elección adicional conforme al 29 CFR 102.70(d): {when} fue nula, con los votos"
        " divididos de modo que no podía celebrarse una elección de desempate; solo se celebra"
        " una elección adicional"
    ),
    "Rerun of {when}": "Repetición de {when}",
    "{kind}: rerun of {when}, itself held again": (
        "{kind}: repetición de {when}, a su vez celebrada de nuevo"
    ),
    "Third election": "Tercera elección",
    "Fourth election": "Cuarta elección",
    "Fifth election": "Quinta elección",
    "Sixth election": "Sexta elección",
    "Seventh election": "Séptima elección",
    "Eighth election": "Octava elección",
    "Ninth election": "Novena elección",
    "Election no. {number}": "Elección n.º {number}",
    "Counting the ballots on: “{words}”": "Se cuentan las papeletas sobre: “{words}”",
    "Counting the ballots on: which choice — {choices}?": (
        "Se cuentan las papeletas sobre: ¿qué opción — {choices}?"
    ),
    # station/domain/envelopes.py: the envelope stage's figures
    "{returned:,} returned": "devueltos {returned:,}",
    "{accepted:,} accepted": "aceptados {accepted:,}",
    "{late:,} received after the due date (counted)": (
        "recibidos después de la fecha límite {late:,} (contados)"
    ),
    "{challenged:,} challenged ({parties})": "impugnados {challenged:,} ({parties})",
    "{void:,} void": "nulos {void:,}",
    "{at_polls:,} at the polls": "en las urnas {at_polls:,}",
    "{after_tally:,} after the tally": "después del recuento {after_tally:,}",
    "{late:,} late": "tardíos {late:,}",
    # station/domain/ticker.py
    "CORRECTION": "CORRECCIÓN",
    # station/domain/group_statements.py: a ballot's group on its line
    "{call} — group {group}": "{call} — grupo {group}",
    ", inclusion {answer}": ", inclusión {answer}",
    "unmarked": "sin marcar",
    "Ballot {ballot:,}: your call is corrected to the station's.": (
        "Papeleta {ballot:,}: su anotación queda corregida a la de la estación."
    ),
    "Ballot {ballot:,}: your call stands.": "Papeleta {ballot:,}: su anotación se mantiene.",
    "Your record was downloaded as {name}; its hash is shown below.": (
        "Su registro se descargó como {name}; su hash se muestra abajo."
    ),
    "Piles, the station's beside yours": "Pilas, las de la estación junto a las suyas",
    # live-fix
    "Station's Python checked the folder: its verdict is below. Pick or drop another to check"
    " it.": (
        "El Python de Station comprobó la carpeta: su veredicto está abajo. Elija o suelte otra"
        " para comprobarla."
    ),
}

COUNTS: dict[tuple[str, str], tuple[str, ...]] = {
    (
        ", {n:,} challenged envelope ordered opened",
        ", {n:,} challenged envelopes ordered opened",
    ): (
        ", {n:,} sobre impugnado con orden de abrir",
        ", {n:,} sobres impugnados con orden de abrir",
    ),
    # station/domain/envelope_parties.py: the stage's challenges settled, of the envelopes
    ("{n:,} sustained", "{n:,} sustained"): ("{n:,} sostenido", "{n:,} sostenidos"),
    ("{n:,} ordered opened", "{n:,} ordered opened"): (
        "{n:,} con orden de abrir",
        "{n:,} con orden de abrir",
    ),
    # station/domain/envelopes.py: ending the envelope stage
    (
        "End the envelope stage? {n:,} envelope ruled:",
        "End the envelope stage? {n:,} envelopes ruled:",
    ): (
        "¿Terminar la etapa de sobres? {n:,} sobre resuelto:",
        "¿Terminar la etapa de sobres? {n:,} sobres resueltos:",
    ),
    (
        "; and {n:,} voter checked off at the polls",
        "; and {n:,} voters checked off at the polls",
    ): (
        "; y {n:,} votante marcado en las urnas",
        "; y {n:,} votantes marcados en las urnas",
    ),
    (
        " The {n:,} envelope accepted or received after the due date is opened and its"
        " ballot mixed",
        " The {n:,} envelopes accepted or received after the due date are opened and"
        " their ballots mixed",
    ): (
        " El sobre aceptado o recibido tras la fecha límite se abre y su papeleta se mezcla",
        " Los {n:,} sobres aceptados o recibidos tras la fecha límite se abren y sus"
        " papeletas se mezclan",
    ),
    (
        " The {n:,} envelope accepted is opened and its ballot mixed",
        " The {n:,} envelopes accepted are opened and their ballots mixed",
    ): (
        " El sobre aceptado se abre y su papeleta se mezcla",
        " Los {n:,} sobres aceptados se abren y sus papeletas se mezclan",
    ),
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
    # station/domain/statements.py
    (
        "; {n:,} challenged envelope, sealed (not among the ballots)",
        "; {n:,} challenged envelopes, sealed (not among the ballots)",
    ): (
        "; {n:,} sobre impugnado, cerrado (no está entre las papeletas)",
        "; {n:,} sobres impugnados, cerrados (no están entre las papeletas)",
    ),
    (
        "; {n:,} envelope ruled void (line 2, not among the ballots)",
        "; {n:,} envelopes ruled void (line 2, not among the ballots)",
    ): (
        "; {n:,} sobre declarado nulo (línea 2, no está entre las papeletas)",
        "; {n:,} sobres declarados nulos (línea 2, no están entre las papeletas)",
    ),
    ("; {n:,} opened ballot not yet called", "; {n:,} opened ballots not yet called"): (
        "; {n:,} papeleta abierta aún no leída",
        "; {n:,} papeletas abiertas aún no leídas",
    ),
    ("{figure} ballot counted", "{figure} ballots counted"): (
        "{figure} papeleta contada",
        "{figure} papeletas contadas",
    ),
    ("{lane} pile {piles}", "{lane} piles {piles}"): (
        "pila {piles} de {lane}",
        "pilas {piles} de {lane}",
    ),
    ("{n:,} ballot remains uncounted", "{n:,} ballots remain uncounted"): (
        "{n:,} papeleta sigue sin contar",
        "{n:,} papeletas siguen sin contar",
    ),
    ("{n:,} opened ballot remains uncounted", "{n:,} opened ballots remain uncounted"): (
        "{n:,} papeleta abierta sigue sin contar",
        "{n:,} papeletas abiertas siguen sin contar",
    ),
    ("{n:,} envelope ruled void", "{n:,} envelopes ruled void"): (
        "{n:,} sobre declarado nulo",
        "{n:,} sobres declarados nulos",
    ),
    ("{n:,} opened, not yet called", "{n:,} opened, not yet called"): (
        "{n:,} abierta, aún no leída",
        "{n:,} abiertas, aún no leídas",
    ),
    ("{n:,} pile to recount: {piles}", "{n:,} piles to recount: {piles}"): (
        "{n:,} pila por recontar: {piles}",
        "{n:,} pilas por recontar: {piles}",
    ),
    ("{n:,} sealed envelope", "{n:,} sealed envelopes"): (
        "{n:,} sobre cerrado",
        "{n:,} sobres cerrados",
    ),
    # station/witness/statements.py
    ("NO FEED FOR {n} SECOND", "NO FEED FOR {n} SECONDS"): (
        "SIN TRANSMISIÓN DESDE HACE {n} SEGUNDO",
        "SIN TRANSMISIÓN DESDE HACE {n} SEGUNDOS",
    ),
    ("NOT SIGNED FOR {n} SECOND", "NOT SIGNED FOR {n} SECONDS"): (
        "SIN FIRMA DESDE HACE {n} SEGUNDO",
        "SIN FIRMA DESDE HACE {n} SEGUNDOS",
    ),
    (
        "catching up to event {signed:,}, signed by the station: {n:,} event after event"
        " {after:,} received and being checked, not counted yet",
        "catching up to event {signed:,}, signed by the station: {n:,} events after event"
        " {after:,} received and being checked, not counted yet",
    ): (
        "poniéndose al día hasta el evento {signed:,}, firmado por la estación: {n:,} evento"
        " posterior al evento {after:,} recibido y en comprobación, aún sin contar",
        "poniéndose al día hasta el evento {signed:,}, firmado por la estación: {n:,} eventos"
        " posteriores al evento {after:,} recibidos y en comprobación, aún sin contar",
    ),
    (
        "{held}: {n:,} event after event {after:,} came with no head signed by the station's"
        " key; they are not counted",
        "{held}: {n:,} events after event {after:,} came with no head signed by the station's"
        " key; they are not counted",
    ): (
        "{held}: {n:,} evento posterior al evento {after:,} llegó sin ninguna cabecera firmada"
        " con la clave de la estación; no se cuenta",
        "{held}: {n:,} eventos posteriores al evento {after:,} llegaron sin ninguna cabecera"
        " firmada con la clave de la estación; no se cuentan",
    ),
    (
        "{n:,} event after event {after:,} not yet signed by the station: not counted",
        "{n:,} events after event {after:,} not yet signed by the station: not counted",
    ): (
        "{n:,} evento posterior al evento {after:,} aún sin firmar por la estación: no se cuenta",
        "{n:,} eventos posteriores al evento {after:,} aún sin firmar por la estación: no se"
        " cuentan",
    ),
    # station/domain/group_statements.py
    ("{handled:,} of {n:,} ballot counted", "{handled:,} of {n:,} ballots counted"): (
        "{handled:,} de {n:,} papeleta contada",
        "{handled:,} de {n:,} papeletas contadas",
    ),
    ("{n:,} ballot counted", "{n:,} ballots counted"): (
        "{n:,} papeleta contada",
        "{n:,} papeletas contadas",
    ),
    # station/domain/resolution_statements.py
    (
        "Decision by {by}: {n:,} challenged ballot to open, {sustained:,} sustained; the revised"
        " count begins",
        "Decision by {by}: {n:,} challenged ballots to open, {sustained:,} sustained; the revised"
        " count begins",
    ): (
        "Decisión de {by}: {n:,} papeleta impugnada por abrir, {sustained:,} sostenidas; comienza"
        " el escrutinio revisado",
        "Decisión de {by}: {n:,} papeletas impugnadas por abrir, {sustained:,} sostenidas;"
        " comienza el escrutinio revisado",
    ),
    (
        "Revised count: {called} of {n:,} opened ballot counted",
        "Revised count: {called} of {n:,} opened ballots counted",
    ): (
        "Escrutinio revisado: {called} de {n:,} papeleta abierta contada",
        "Escrutinio revisado: {called} de {n:,} papeletas abiertas contadas",
    ),
    # station/domain/mail_statements.py
    (
        "WARNING: {accepted:,} envelopes accepted, more than the {n:,} eligible voter (line 1):"
        " check the write-ins and second envelopes before the ballots are opened",
        "WARNING: {accepted:,} envelopes accepted, more than the {n:,} eligible voters (line 1):"
        " check the write-ins and second envelopes before the ballots are opened",
    ): (
        "ADVERTENCIA: {accepted:,} sobres aceptados, más que el {n:,} votante con derecho a voto"
        " (línea 1): revise los votantes añadidos a mano y los segundos sobres antes de abrir las"
        " papeletas",
        "ADVERTENCIA: {accepted:,} sobres aceptados, más que los {n:,} votantes con derecho a voto"
        " (línea 1): revise los votantes añadidos a mano y los segundos sobres antes de abrir las"
        " papeletas",
    ),
    (
        "WARNING: {accepted:,} envelopes accepted, more than the {n:,} voter on the list: check"
        " the write-ins and second envelopes before the ballots are opened",
        "WARNING: {accepted:,} envelopes accepted, more than the {n:,} voters on the list: check"
        " the write-ins and second envelopes before the ballots are opened",
    ): (
        "ADVERTENCIA: {accepted:,} sobres aceptados, más que el {n:,} votante de la lista: revise"
        " los votantes añadidos a mano y los segundos sobres antes de abrir las papeletas",
        "ADVERTENCIA: {accepted:,} sobres aceptados, más que los {n:,} votantes de la lista:"
        " revise los votantes añadidos a mano y los segundos sobres antes de abrir las papeletas",
    ),
    # station/domain/envelopes.py
    (
        "Envelope stage ended: {n:,} envelope accepted, ballots to be opened",
        "Envelope stage ended: {n:,} envelopes accepted, ballots to be opened",
    ): (
        "Etapa de sobres terminada: {n:,} sobre aceptado, papeletas por abrir",
        "Etapa de sobres terminada: {n:,} sobres aceptados, papeletas por abrir",
    ),
    (
        "Envelope stage ended: {n:,} envelope to open ({accepted:,} accepted, {late:,} received"
        " after the due date), their ballots to be counted",
        "Envelope stage ended: {n:,} envelopes to open ({accepted:,} accepted, {late:,} received"
        " after the due date), their ballots to be counted",
    ): (
        "Etapa de sobres terminada: {n:,} sobre por abrir ({accepted:,} aceptados, {late:,}"
        " recibidos después de la fecha límite), sus papeletas por contar",
        "Etapa de sobres terminada: {n:,} sobres por abrir ({accepted:,} aceptados, {late:,}"
        " recibidos después de la fecha límite), sus papeletas por contar",
    ),
    # station/domain/resolution_statements.py: opening a lone ballot
    (
        "Opening {n:,} ballot alone shows how that voter voted: the ballot's secrecy is lost once"
        " it is called.",
        "Opening {n:,} ballots alone shows how that voter voted: the ballot's secrecy is lost"
        " once it is called.",
    ): (
        "Abrir {n:,} papeleta sola muestra cómo votó ese votante: el secreto de la papeleta se"
        " pierde en cuanto se lee.",
        "Abrir {n:,} papeletas solas muestra cómo votó ese votante: el secreto de la papeleta se"
        " pierde en cuanto se lee.",
    ),
    (
        "Opening {n:,} ballot of group {group} alone shows how that voter voted: the ballot's"
        " secrecy is lost once it is called.",
        "Opening {n:,} ballots of group {group} alone shows how that voter voted: the ballot's"
        " secrecy is lost once it is called.",
    ): (
        "Abrir {n:,} papeleta del grupo {group} sola muestra cómo votó ese votante: el secreto de"
        " la papeleta se pierde en cuanto se lee.",
        "Abrir {n:,} papeletas del grupo {group} solas muestra cómo votó ese votante: el secreto"
        " de la papeleta se pierde en cuanto se lee.",
    ),
    # station/domain/envelopes.py: the envelope stage's figures
    ("{n:,} replacement", "{n:,} replacements"): ("reemplazos {n:,}", "reemplazos {n:,}"),
}

IN_CONTEXT: dict[tuple[str, str], str] = {
    # a figure's heading: the ballots of a pile, in the plural
    ("figure", "VOID"): "NULAS",
    ("figure", "CHALLENGED"): "IMPUGNADAS",
    # a pile's lane: the ballots it holds, in the plural ("pila 1 de NULAS")
    ("pile", "VOID"): "NULAS",
    ("pile", "CHALLENGED"): "IMPUGNADAS",
    # one challenge's status, settled at the table
    ("challenge", "sustained"): "sostenida",
    # an envelope's ruling, after the envelope (a ballot's is feminine)
    ("envelope", "CHALLENGED"): "IMPUGNADO",
    ("envelope", "VOID"): "NULO",
    ("envelope", "challenged by {party}: {reason}"): "impugnado por {party}: {reason}",
    ("challenge", "withdrawn"): "retirada",
}
