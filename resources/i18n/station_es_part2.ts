<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>CallFlash</name>
    <message>
        <source>Last call</source>
        <translation>Última lectura</translation>
    </message>
</context>
<context>
    <name>DashboardState</name>
    <message>
        <source>Final tally at event {seq}; the count is locked.</source>
        <translation>Recuento final en el evento {seq}; el escrutinio está bloqueado.</translation>
    </message>
    <message>
        <source>Revised tally at event {seq}; the count is locked.</source>
        <translation>Recuento revisado en el evento {seq}; el escrutinio está bloqueado.</translation>
    </message>
    <message>
        <source>Corrected tally at event {seq}; the count is locked.</source>
        <translation>Recuento corregido en el evento {seq}; el escrutinio está bloqueado.</translation>
    </message>
    <message>
        <source>Corrected {number} tally at event {seq}; the count is locked.</source>
        <translation>Recuento corregido {number} en el evento {seq}; el escrutinio está bloqueado.</translation>
    </message>
    <message>
        <source>{title} tally at event {seq}; the count is locked.</source>
        <translation>Recuento {title} en el evento {seq}; el escrutinio está bloqueado.</translation>
    </message>
</context>
<context>
    <name>DashboardWindow</name>
    <message>
        <source>Station dashboard — {case} — {parties}</source>
        <translation>Panel de Station — {case} — {parties}</translation>
    </message>
    <message>
        <source>DEMO — {title}</source>
        <translation>PRUEBA — {title}</translation>
    </message>
    <message>
        <source>Case {case}</source>
        <translation>Caso {case}</translation>
    </message>
    <message>
        <source>DEMO — not a real election</source>
        <translation>PRUEBA — no es una elección real</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Reloj</translation>
    </message>
    <message>
        <source>Ballots counted</source>
        <translation>Papeletas contadas</translation>
    </message>
    <message>
        <source>Read-only view of the election journal</source>
        <translation>Vista de solo lectura del diario de la elección</translation>
    </message>
    <message>
        <source>LAST CALL</source>
        <translation>ÚLTIMA LECTURA</translation>
    </message>
    <message>
        <source>LAST CALLS — NEWEST FIRST</source>
        <translation>ÚLTIMAS LECTURAS — LA MÁS RECIENTE ARRIBA</translation>
    </message>
    <message>
        <source>ballots in the box: not given · about {eligible} eligible voters</source>
        <translation>papeletas en la urna: no indicado · unos {eligible} votantes elegibles</translation>
    </message>
    <message>
        <source>{ballots} ballots in the box · about {eligible} eligible voters</source>
        <translation>{ballots} papeletas en la urna · unos {eligible} votantes elegibles</translation>
    </message>
    <message>
        <source>Journal: 1 event · head {head}</source>
        <translation>Diario: 1 evento · hash de cabecera {head}</translation>
    </message>
    <message>
        <source>Journal: {events} events · head {head}</source>
        <translation>Diario: {events} eventos · hash de cabecera {head}</translation>
    </message>
    <message>
        <source> · signing key {key}</source>
        <translation> · clave de firma {key}</translation>
    </message>
    <message>
        <source>Group {group}: {pile}</source>
        <translation>Grupo {group}: {pile}</translation>
    </message>
</context>
<context>
    <name>EnvelopeWindow</name>
    <message>
        <source>Station — envelopes — {case} — {parties}</source>
        <translation>Station — sobres — {case} — {parties}</translation>
    </message>
    <message>
        <source>&lt;b&gt;ENVELOPE STAGE&lt;/b&gt; — {voters} voters on the list; no ballot is opened until the stage ends (&lt;b&gt;Ctrl+Shift+B&lt;/b&gt;); voters at the polls are checked off (&lt;b&gt;P&lt;/b&gt;), or challenged (&lt;b&gt;C&lt;/b&gt;)</source>
        <translation>&lt;b&gt;ETAPA DE SOBRES&lt;/b&gt; — {voters} votantes en la lista; no se abre ninguna papeleta hasta que termine la etapa (&lt;b&gt;Ctrl+Shift+B&lt;/b&gt;); los votantes que votaron en persona se marcan (&lt;b&gt;P&lt;/b&gt;) o se impugnan (&lt;b&gt;C&lt;/b&gt;)</translation>
    </message>
    <message>
        <source>&lt;b&gt;ENVELOPE STAGE&lt;/b&gt; — {voters} voters on the list; no ballot is opened until the stage ends (&lt;b&gt;Ctrl+Shift+B&lt;/b&gt;)</source>
        <translation>&lt;b&gt;ETAPA DE SOBRES&lt;/b&gt; — {voters} votantes en la lista; no se abre ninguna papeleta hasta que termine la etapa (&lt;b&gt;Ctrl+Shift+B&lt;/b&gt;)</translation>
    </message>
    <message>
        <source>&lt;b&gt;RECEIVED AFTER THE TALLY&lt;/b&gt; — each envelope is recorded by voter and never opened; the tally does not change</source>
        <translation>&lt;b&gt;RECIBIDOS DESPUÉS DEL RECUENTO&lt;/b&gt; — cada sobre se registra por votante y nunca se abre; el recuento no cambia</translation>
    </message>
    <message>
        <source>&lt;b&gt;Enter&lt;/b&gt; pick · &lt;b&gt;A&lt;/b&gt; accepted · &lt;b&gt;C&lt;/b&gt; challenged (then {who}, {why}) · &lt;b&gt;V&lt;/b&gt; void · {late} · &lt;b&gt;Esc&lt;/b&gt; drop · &lt;b&gt;Ctrl+N&lt;/b&gt; write in · &lt;b&gt;Ctrl+Z&lt;/b&gt; undo · &lt;b&gt;Ctrl+Shift+Z&lt;/b&gt; redo · &lt;b&gt;Ctrl+R&lt;/b&gt; challenges · &lt;b&gt;Ctrl+Shift+B&lt;/b&gt; end the stage</source>
        <translation>&lt;b&gt;Enter&lt;/b&gt; elegir · &lt;b&gt;A&lt;/b&gt; aceptado · &lt;b&gt;C&lt;/b&gt; impugnado (luego {who}, {why}) · &lt;b&gt;V&lt;/b&gt; nulo · {late} · &lt;b&gt;Esc&lt;/b&gt; descartar · &lt;b&gt;Ctrl+N&lt;/b&gt; escribir un nombre · &lt;b&gt;Ctrl+Z&lt;/b&gt; deshacer · &lt;b&gt;Ctrl+Shift+Z&lt;/b&gt; rehacer · &lt;b&gt;Ctrl+R&lt;/b&gt; impugnaciones · &lt;b&gt;Ctrl+Shift+B&lt;/b&gt; terminar la etapa</translation>
    </message>
    <message>
        <source>&lt;b&gt;Enter&lt;/b&gt; pick · &lt;b&gt;L&lt;/b&gt; record it, received after the tally · &lt;b&gt;Esc&lt;/b&gt; drop · &lt;b&gt;Ctrl+N&lt;/b&gt; write in · &lt;b&gt;Ctrl+Q&lt;/b&gt; close</source>
        <translation>&lt;b&gt;Enter&lt;/b&gt; elegir · &lt;b&gt;L&lt;/b&gt; registrarlo, recibido después del recuento · &lt;b&gt;Esc&lt;/b&gt; descartar · &lt;b&gt;Ctrl+N&lt;/b&gt; escribir un nombre · &lt;b&gt;Ctrl+Q&lt;/b&gt; cerrar</translation>
    </message>
    <message>
        <source>Rulings, newest first</source>
        <translation>Decisiones, la más reciente arriba</translation>
    </message>
    <message>
        <source>Find a voter&apos;s envelope</source>
        <translation>Buscar el sobre de un votante</translation>
    </message>
    <message>
        <source>Voters found</source>
        <translation>Votantes encontrados</translation>
    </message>
    <message>
        <source>Written in: Enter takes the name as typed, for a voter not found</source>
        <translation>Nombre escrito: Enter toma el nombre tal como se escribió, para un votante que no se encuentra</translation>
    </message>
    <message>
        <source>{found} matching (the first {shown} shown: type more)</source>
        <translation>{found} coincidencias (se muestran las primeras {shown}: escriba más)</translation>
    </message>
    <message>
        <source>{found} matching</source>
        <translation>{found} coincidencias</translation>
    </message>
    <message>
        <source>&lt;b&gt;L&lt;/b&gt; late</source>
        <translation>&lt;b&gt;L&lt;/b&gt; tardío</translation>
    </message>
    <message>
        <source>&lt;b&gt;L&lt;/b&gt; received after the due date · &lt;b&gt;P&lt;/b&gt; voted at the polls</source>
        <translation>&lt;b&gt;L&lt;/b&gt; recibido después de la fecha límite · &lt;b&gt;P&lt;/b&gt; votó en persona</translation>
    </message>
    <message>
        <source>&lt;b&gt;L&lt;/b&gt; received after the due date</source>
        <translation>&lt;b&gt;L&lt;/b&gt; recibido después de la fecha límite</translation>
    </message>
    <message>
        <source>Name as on the envelope, then Enter</source>
        <translation>Nombre como figura en el sobre, luego Enter</translation>
    </message>
    <message>
        <source>Voter id or name, then Enter</source>
        <translation>Número o nombre del votante, luego Enter</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>no indicado</translation>
    </message>
    <message>
        <source>&lt;b&gt;CHALLENGED&lt;/b&gt;, reason: {reason}. &lt;b&gt;Who challenged?&lt;/b&gt; {parties} (the Board agent until one is pressed). Why: {reasons}.</source>
        <translation>&lt;b&gt;IMPUGNADO&lt;/b&gt;, motivo: {reason}. &lt;b&gt;¿Quién impugnó?&lt;/b&gt; {parties} (el Agente de la Junta hasta que se pulse una tecla). Por qué: {reasons}.</translation>
    </message>
    <message>
        <source>&lt;b&gt;CHALLENGED&lt;/b&gt; by {who}, reason: {reason}. Who: {parties}. Why: {reasons}.</source>
        <translation>&lt;b&gt;IMPUGNADO&lt;/b&gt; por {who}, motivo: {reason}. Quién: {parties}. Por qué: {reasons}.</translation>
    </message>
    <message>
        <source> &lt;b&gt;Enter&lt;/b&gt; or &lt;b&gt;Esc&lt;/b&gt; closes; typing goes on to the next envelope.</source>
        <translation> &lt;b&gt;Enter&lt;/b&gt; o &lt;b&gt;Esc&lt;/b&gt; cierra; al escribir se pasa al siguiente sobre.</translation>
    </message>
    <message>
        <source> &lt;b&gt;Enter&lt;/b&gt; ends the stage, &lt;b&gt;Esc&lt;/b&gt; goes back.</source>
        <translation> &lt;b&gt;Enter&lt;/b&gt; termina la etapa, &lt;b&gt;Esc&lt;/b&gt; vuelve atrás.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{who}&lt;/b&gt; — written in, not on the list: &lt;b&gt;Enter&lt;/b&gt; or &lt;b&gt;C&lt;/b&gt; challenges (not on the list), &lt;b&gt;A&lt;/b&gt;/&lt;b&gt;V&lt;/b&gt;/&lt;b&gt;L&lt;/b&gt; rule otherwise</source>
        <translation>&lt;b&gt;{who}&lt;/b&gt; — nombre escrito, no está en la lista: &lt;b&gt;Enter&lt;/b&gt; o &lt;b&gt;C&lt;/b&gt; lo impugna (no está en la lista), &lt;b&gt;A&lt;/b&gt;/&lt;b&gt;V&lt;/b&gt;/&lt;b&gt;L&lt;/b&gt; deciden otra cosa</translation>
    </message>
    <message>
        <source>&lt;b&gt;{who}&lt;/b&gt; — written in, not on the list</source>
        <translation>&lt;b&gt;{who}&lt;/b&gt; — nombre escrito, no está en la lista</translation>
    </message>
    <message>
        <source>Voting group {group}</source>
        <translation>Grupo de votación {group}</translation>
    </message>
    <message>
        <source>Written in as “{typed}”: this voter on the list</source>
        <translation>Escrito como “{typed}”: este votante de la lista</translation>
    </message>
    <message>
        <source>Ruled before: {ruling} (event {seq})</source>
        <translation>Decidido antes: {ruling} (evento {seq})</translation>
    </message>
    <message>
        <source>&lt;b&gt;L&lt;/b&gt; or &lt;b&gt;Enter&lt;/b&gt; records it, never opened · &lt;b&gt;Esc&lt;/b&gt; drop</source>
        <translation>&lt;b&gt;L&lt;/b&gt; o &lt;b&gt;Enter&lt;/b&gt; lo registra, sin abrirlo · &lt;b&gt;Esc&lt;/b&gt; descartar</translation>
    </message>
    <message>
        <source>&lt;b&gt;REPLACEMENT:&lt;/b&gt; the voter&apos;s envelope was ruled VOID (event {seq}); this one is ruled like any other.</source>
        <translation>&lt;b&gt;REEMPLAZO:&lt;/b&gt; el sobre del votante se declaró NULO (evento {seq}); este se decide como cualquier otro.</translation>
    </message>
    <message>
        <source>&lt;b&gt;SECOND ENVELOPE:&lt;/b&gt; the first was ruled {ruling} (event {seq}). It cannot be accepted, counted late or checked off: {why}.</source>
        <translation>&lt;b&gt;SEGUNDO SOBRE:&lt;/b&gt; el primero se decidió {ruling} (evento {seq}). No se puede aceptar, contar como tardío ni marcar como votado en persona: {why}.</translation>
    </message>
    <message>
        <source>&lt;b&gt;SECOND ENVELOPE:&lt;/b&gt; the first was ruled {ruling} (event {seq}). It cannot be accepted: {why}.</source>
        <translation>&lt;b&gt;SEGUNDO SOBRE:&lt;/b&gt; el primero se decidió {ruling} (evento {seq}). No se puede aceptar: {why}.</translation>
    </message>
    <message>
        <source>&lt;b&gt;A&lt;/b&gt; accepted · &lt;b&gt;C&lt;/b&gt; challenged · &lt;b&gt;V&lt;/b&gt; void · {late} · &lt;b&gt;Esc&lt;/b&gt; drop</source>
        <translation>&lt;b&gt;A&lt;/b&gt; aceptado · &lt;b&gt;C&lt;/b&gt; impugnado · &lt;b&gt;V&lt;/b&gt; nulo · {late} · &lt;b&gt;Esc&lt;/b&gt; descartar</translation>
    </message>
    <message>
        <source>{events} events · head {head}</source>
        <translation>{events} eventos · hash de cabecera {head}</translation>
    </message>
    <message>
        <source>&lt;b&gt;NOT RECORDED:&lt;/b&gt; {reason}</source>
        <translation>&lt;b&gt;NO REGISTRADO:&lt;/b&gt; {reason}</translation>
    </message>
</context>
<context>
    <name>GroupPanel</name>
    <message>
        <source>Group {key} — {name}</source>
        <translation>Grupo {key} — {name}</translation>
    </message>
</context>
<context>
    <name>HeadQr</name>
    <message>
        <source>Journal head as a QR code</source>
        <translation>Hash de cabecera del diario en código QR</translation>
    </message>
    <message>
        <source>Scan to capture the head exactly: {head}</source>
        <translation>Escanee para capturar el hash de cabecera exacto: {head}</translation>
    </message>
</context>
<context>
    <name>HeartbeatDot</name>
    <message>
        <source>Heartbeat of the feed</source>
        <translation>Latido de la transmisión</translation>
    </message>
</context>
<context>
    <name>RaceBar</name>
    <message>
        <source>Race: each choice with the majority line</source>
        <translation>Carrera: cada opción con la línea de mayoría</translation>
    </message>
    <message>
        <source>MAJORITY</source>
        <translation>MAYORÍA</translation>
    </message>
    <message>
        <source>MAJORITY: {needed} OF {eligible} ELIGIBLE</source>
        <translation>MAYORÍA: {needed} DE {eligible} ELEGIBLES</translation>
    </message>
    <message numerus="yes">
        <source>%n challenged, sealed</source>
        <translation>
            <numerusform>%n impugnada, sellada</numerusform>
            <numerusform>%n impugnadas, selladas</numerusform>
        </translation>
    </message>
    <message>
        <source>no votes counted yet</source>
        <translation>aún no hay votos contados</translation>
    </message>
</context>
<context>
    <name>TablesDashboard</name>
    <message>
        <source>Verified view of each table&apos;s feed · T: theme</source>
        <translation>Vista verificada de la transmisión de cada mesa · T: tema</translation>
    </message>
    <message>
        <source>Station dashboard — {case} — {tables} tables</source>
        <translation>Panel de Station — {case} — {tables} mesas</translation>
    </message>
    <message>
        <source>Case {case} — {tables} tables</source>
        <translation>Caso {case} — {tables} mesas</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Reloj</translation>
    </message>
    <message>
        <source>Read-only view of each table&apos;s journal · T: theme</source>
        <translation>Vista de solo lectura del diario de cada mesa · T: tema</translation>
    </message>
    <message>
        <source>{counted} at {summed} of {tables} tables</source>
        <translation>{counted} en {summed} de {tables} mesas</translation>
    </message>
    <message>
        <source>{counted} at {tables} tables</source>
        <translation>{counted} en {tables} mesas</translation>
    </message>
</context>
<context>
    <name>TablesPanel</name>
    <message>
        <source>TABLE</source>
        <translation>MESA</translation>
    </message>
    <message>
        <source>COUNTED</source>
        <translation>CONTADAS</translation>
    </message>
    <message>
        <source>VOID</source>
        <translation>NULAS</translation>
    </message>
    <message>
        <source>CHALLENGED</source>
        <translation>IMPUGNADAS</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>ESTADO</translation>
    </message>
    <message>
        <source>HEAD</source>
        <translation>CABECERA</translation>
    </message>
    <message>
        <source>ALL LIVE</source>
        <translation>TODAS EN VIVO</translation>
    </message>
    <message>
        <source>TOTAL</source>
        <translation>TOTAL</translation>
    </message>
    <message>
        <source>{counted} of {box}</source>
        <translation>{counted} de {box}</translation>
    </message>
    <message>
        <source>⚠ A TABLE CANNOT BE COUNTED ON</source>
        <translation>⚠ NO SE PUEDE CONFIAR EN UNA MESA</translation>
    </message>
    <message>
        <source>⚠ A TABLE IS UNAVAILABLE</source>
        <translation>⚠ UNA MESA NO ESTÁ DISPONIBLE</translation>
    </message>
    <message>
        <source>⚠ A TABLE IS SILENT</source>
        <translation>⚠ UNA MESA NO RESPONDE</translation>
    </message>
    <message>
        <source>COUNTING</source>
        <translation>CONTANDO</translation>
    </message>
    <message>
        <source>A TABLE IS PAUSED</source>
        <translation>UNA MESA ESTÁ EN PAUSA</translation>
    </message>
    <message>
        <source>A STATION CLOSED ITS COUNT</source>
        <translation>UNA ESTACIÓN CERRÓ SU ESCRUTINIO</translation>
    </message>
    <message>
        <source>EVERY TABLE HAS ITS TALLY</source>
        <translation>TODAS LAS MESAS TIENEN SU RECUENTO</translation>
    </message>
</context>
<context>
    <name>Ticker</name>
    <message>
        <source>Last calls</source>
        <translation>Últimas lecturas</translation>
    </message>
</context>
</TS>
