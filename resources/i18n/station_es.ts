<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>Call</name>
    <message>
        <source>FOR</source>
        <translation>A FAVOR</translation>
    </message>
    <message>
        <source>AGAINST</source>
        <translation>EN CONTRA</translation>
    </message>
    <message>
        <source>CHALLENGED</source>
        <translation>IMPUGNADA</translation>
    </message>
    <message>
        <source>VOID</source>
        <translation>NULA</translation>
    </message>
</context>
<context>
    <name>CallButton</name>
    <message>
        <source>Record %1</source>
        <translation>Registrar %1</translation>
    </message>
    <message>
        <source>Record one %1 ballot (key %2)</source>
        <translation>Registrar una papeleta %1 (tecla %2)</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>tecla %1</translation>
    </message>
    <message>
        <source>%1 %2 so far</source>
        <translation>%1 %2 hasta ahora</translation>
    </message>
</context>
<context>
    <name>CallPad</name>
    <message>
        <source>Record a vote for %1</source>
        <translation>Registrar un voto por %1</translation>
    </message>
    <message>
        <source>Record one vote for %1 (key %2)</source>
        <translation>Registrar un voto por %1 (tecla %2)</translation>
    </message>
</context>
<context>
    <name>CaseKind</name>
    <message>
        <source>a union petitions</source>
        <translation>un sindicato presenta la petición</translation>
    </message>
    <message>
        <source>employees petition to remove the union</source>
        <translation>los empleados piden retirar al sindicato</translation>
    </message>
    <message>
        <source>the employer petitions</source>
        <translation>el empleador presenta la petición</translation>
    </message>
    <message>
        <source>employees petition to rescind the union&apos;s union-security authority</source>
        <translation>los empleados piden revocar la autorización de seguridad sindical del sindicato</translation>
    </message>
</context>
<context>
    <name>ChallengeRegisterDialog</name>
    <message>
        <source>(not given)</source>
        <translation>(no indicado)</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>N.º</translation>
    </message>
    <message>
        <source>Ballot</source>
        <translation>Papeleta</translation>
    </message>
    <message>
        <source>Challenged by</source>
        <translation>Impugnada por</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Grupo</translation>
    </message>
    <message>
        <source>&amp;Withdrawn: open and count it</source>
        <translation>&amp;Retirada: abrirla y contarla</translation>
    </message>
    <message>
        <source>&amp;Withdrawn: the call stands</source>
        <translation>&amp;Retirada: la lectura se mantiene</translation>
    </message>
    <message>
        <source>open</source>
        <translation>abierta</translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation>retirada</translation>
    </message>
    <message>
        <source>sustained</source>
        <translation>sostenida</translation>
    </message>
    <message>
        <source>ordered opened</source>
        <translation>apertura ordenada</translation>
    </message>
    <message>
        <source>counted</source>
        <translation>contada</translation>
    </message>
    <message>
        <source>Challenge register — %1</source>
        <translation>Registro de impugnaciones — %1</translation>
    </message>
    <message>
        <source>Challenged ballots</source>
        <translation>Papeletas impugnadas</translation>
    </message>
    <message>
        <source>optional; never a voter&apos;s name</source>
        <translation>opcional; nunca el nombre de un votante</translation>
    </message>
    <message>
        <source>Who challenged the selected ballot</source>
        <translation>Quién impugnó la papeleta seleccionada</translation>
    </message>
    <message>
        <source>Why it was challenged</source>
        <translation>Por qué se impugnó</translation>
    </message>
    <message>
        <source>A short note about the envelope; never a voter&apos;s name</source>
        <translation>Una nota breve sobre el sobre; nunca el nombre de un votante</translation>
    </message>
    <message>
        <source>Record correction</source>
        <translation>Registrar la corrección</translation>
    </message>
    <message>
        <source>Recorded as a new event; the earlier entry stays in the journal</source>
        <translation>Se registra como un evento nuevo; la entrada anterior queda en el registro</translation>
    </message>
    <message>
        <source>The parties withdraw the challenge: the sealed ballot is opened, mixed with the others and called like any other (or a dispute is dropped: the call stands)</source>
        <translation>Las partes retiran la impugnación: la papeleta sellada se abre, se mezcla con las demás y se lee como cualquier otra (o se abandona una objeción: la lectura se mantiene)</translation>
    </message>
    <message>
        <source>&amp;Sustained: never opened</source>
        <translation>&amp;Sostenida: nunca se abre</translation>
    </message>
    <message>
        <source>The parties agree the voter was not eligible</source>
        <translation>Las partes acuerdan que el votante no era elegible</translation>
    </message>
    <message>
        <source>Take the settlement &amp;back</source>
        <translation>&amp;Deshacer el acuerdo</translation>
    </message>
    <message>
        <source>The challenge is open again (a new event; the earlier one stays)</source>
        <translation>La impugnación vuelve a estar abierta (un evento nuevo; el anterior queda)</translation>
    </message>
    <message>
        <source>Settled</source>
        <translation>Acuerdo</translation>
    </message>
    <message>
        <source>Record the decision after the hearing…</source>
        <translation>Registrar la decisión tras la audiencia…</translation>
    </message>
    <message>
        <source>With a final tally prepared: the challenged ballots the decision orders opened or sustains, by register number</source>
        <translation>Con un acta final preparada: las papeletas impugnadas que la decisión ordena abrir o sostiene, por número de registro</translation>
    </message>
    <message>
        <source>%1 challenged (line 6): %2%3</source>
        <translation>%1 impugnadas (línea 6): %2%3</translation>
    </message>
    <message>
        <source>1 ballot</source>
        <translation>1 papeleta</translation>
    </message>
    <message>
        <source>%1 ballots</source>
        <translation>%1 papeletas</translation>
    </message>
    <message>
        <source>1 challenged ballot</source>
        <translation>1 papeleta impugnada</translation>
    </message>
    <message>
        <source>%1 challenged ballots</source>
        <translation>%1 papeletas impugnadas</translation>
    </message>
    <message>
        <source>still sealed: </source>
        <translation>aún selladas: </translation>
    </message>
    <message>
        <source>Nothing changed: nothing to record.</source>
        <translation>Nada cambió: nada que registrar.</translation>
    </message>
</context>
<context>
    <name>CountPrompts</name>
    <message>
        <source>Question closed</source>
        <translation>Pregunta cerrada</translation>
    </message>
    <message>
        <source>No opened ballot was called last: there is no ruling to dispute.</source>
        <translation>La última lectura no fue de una papeleta abierta: no hay decisión que objetar.</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>Aceptar</translation>
    </message>
    <message>
        <source>%1 withdraws</source>
        <translation>%1 retira</translation>
    </message>
    <message>
        <source>%1 joins</source>
        <translation>%1 se une</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ballot %1 %2&lt;/b&gt; is disputed by %3.</source>
        <translation>&lt;b&gt;Papeleta %1 %2&lt;/b&gt;: la objeta %3.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ballot %1 %2:&lt;/b&gt; which party disputes the agent&apos;s call? %3: carried as CHALLENGED; %4: left as called, noted for objections.</source>
        <translation>&lt;b&gt;Papeleta %1 %2:&lt;/b&gt; ¿qué parte objeta la lectura del agente? %3: pasa a IMPUGNADA; %4: queda como se leyó, anotada para objeciones.</translation>
    </message>
    <message>
        <source> or </source>
        <translation> o </translation>
    </message>
    <message>
        <source>%1, as called</source>
        <translation>%1, como se leyó</translation>
    </message>
    <message>
        <source>reason not given yet</source>
        <translation>motivo aún no indicado</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ballot %1 CHALLENGED&lt;/b&gt; by %2; %3. Who challenged, and why? (optional; counting goes on)</source>
        <translation>&lt;b&gt;Papeleta %1 IMPUGNADA&lt;/b&gt; por %2; %3. ¿Quién la impugnó y por qué? (opcional; el escrutinio sigue)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ballot %1 CHALLENGED&lt;/b&gt;: who challenged, and why? (optional; counting goes on; until answered, recorded as by %2; %3)</source>
        <translation>&lt;b&gt;Papeleta %1 IMPUGNADA&lt;/b&gt;: ¿quién la impugnó y por qué? (opcional; el escrutinio sigue; hasta que se responda, consta como por %2; %3)</translation>
    </message>
    <message>
        <source> A union&apos;s key names it here: Esc first to record the next vote.</source>
        <translation> Aquí la tecla de un sindicato lo nombra a él: pulse Esc antes de registrar el voto siguiente.</translation>
    </message>
    <message>
        <source>&lt;b&gt;MISMATCH: %1&lt;/b&gt; held %2, the journal has %3. Correct the count (undo, or call the missing ballots), then recount the pile when it is full again.</source>
        <translation>&lt;b&gt;NO COINCIDE: %1&lt;/b&gt; tenía %2, el registro tiene %3. Corrija el escrutinio (deshaga, o lea las papeletas que faltan) y vuelva a contar la pila cuando esté llena otra vez.</translation>
    </message>
    <message>
        <source> (1 more pile to recount)</source>
        <translation> (1 pila más por recontar)</translation>
    </message>
    <message>
        <source> (%1 more piles to recount)</source>
        <translation> (%1 pilas más por recontar)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 is full.&lt;/b&gt; Recount it: does it hold exactly %2?%3</source>
        <translation>&lt;b&gt;%1 está lleno.&lt;/b&gt; Recuéntelo: ¿tiene exactamente %2?%3</translation>
    </message>
    <message>
        <source>Holds %1</source>
        <translation>Tiene %1</translation>
    </message>
    <message>
        <source>Found another number…</source>
        <translation>Hay otro número…</translation>
    </message>
    <message>
        <source>&lt;b&gt;NOT RECORDED:&lt;/b&gt; all %1 ballots in the box are counted; this %2 would be ballot %3. Record it only if the agent confirms there are more ballots than the box was said to hold.</source>
        <translation>&lt;b&gt;NO REGISTRADA:&lt;/b&gt; las %1 papeletas de la urna ya están contadas; esta %2 sería la papeleta %3. Regístrela solo si el agente confirma que hay más papeletas de las que se dijo que tenía la urna.</translation>
    </message>
    <message>
        <source>&lt;b&gt;NOT RECORDED:&lt;/b&gt; all %1 ballots in group %4&apos;s box are counted; this %2 would be ballot %3 of group %4. Record it only if the agent confirms there are more ballots than the box was said to hold (or press Esc and G to call it in its own group).</source>
        <translation>&lt;b&gt;NO REGISTRADA:&lt;/b&gt; las %1 papeletas de la urna del grupo %4 ya están contadas; esta %2 sería la papeleta %3 del grupo %4. Regístrela solo si el agente confirma que hay más papeletas de las que se dijo que tenía la urna (o pulse Esc y G para leerla en su propio grupo).</translation>
    </message>
    <message>
        <source>Record it anyway</source>
        <translation>Registrarla igualmente</translation>
    </message>
    <message>
        <source>Do not record it</source>
        <translation>No registrarla</translation>
    </message>
</context>
<context>
    <name>DecisionDialog</name>
    <message>
        <source>Record the decision after the hearing</source>
        <translation>Registrar la decisión tras la audiencia</translation>
    </message>
    <message>
        <source>register numbers, e.g. 1, 4, 6</source>
        <translation>números de registro, p. ej., 1, 4, 6</translation>
    </message>
    <message>
        <source>register numbers</source>
        <translation>números de registro</translation>
    </message>
    <message>
        <source>e.g. Regional Director, Region 10</source>
        <translation>p. ej., Director Regional, Región 10</translation>
    </message>
    <message>
        <source>Ordered opened</source>
        <translation>Apertura ordenada</translation>
    </message>
    <message>
        <source>Sustained</source>
        <translation>Sostenidas</translation>
    </message>
    <message>
        <source>Decided by</source>
        <translation>Decidido por</translation>
    </message>
    <message>
        <source>Record the decision</source>
        <translation>Registrar la decisión</translation>
    </message>
    <message>
        <source>Challenges left out stay challenged. The revised count follows (F, A, V).</source>
        <translation>Las impugnaciones no nombradas siguen impugnadas. Después viene el escrutinio revisado (F, A, V).</translation>
    </message>
    <message>
        <source>Write register numbers separated by commas.</source>
        <translation>Escriba números de registro separados por comas.</translation>
    </message>
    <message>
        <source>Name who decided.</source>
        <translation>Indique quién decidió.</translation>
    </message>
    <message>
        <source>%1 Press again to record it.</source>
        <translation>%1 Pulse otra vez para registrarla.</translation>
    </message>
</context>
<context>
    <name>ElectionType</name>
    <message>
        <source>Consent</source>
        <translation>Por consentimiento</translation>
    </message>
    <message>
        <source>Stipulated</source>
        <translation>Estipulada</translation>
    </message>
    <message>
        <source>Directed by the Regional Director</source>
        <translation>Ordenada por el Director Regional</translation>
    </message>
    <message>
        <source>Directed by the Board</source>
        <translation>Ordenada por la Junta</translation>
    </message>
    <message>
        <source>Expedited</source>
        <translation>Acelerada</translation>
    </message>
</context>
<context>
    <name>GroupKeys</name>
    <message>
        <source>G: which group? (%1; Esc: none)</source>
        <translation>G: ¿qué grupo? (%1; Esc: ninguno)</translation>
    </message>
    <message>
        <source>Question 1 (inclusion): Y yes, N no, X void, − unmarked</source>
        <translation>Pregunta 1 (inclusión): Y sí, N no, X nula, − sin marcar</translation>
    </message>
    <message>
        <source>Question 1: %1 — now question 2 (V: void or unmarked; Esc drops this ballot)</source>
        <translation>Pregunta 1: %1 — ahora la pregunta 2 (V: nula o sin marcar; Esc descarta esta papeleta)</translation>
    </message>
</context>
<context>
    <name>HelpOverlay</name>
    <message>
        <source>why: I not on the list (ineligible), S supervisor, X no longer employed,</source>
        <translation>motivo: I no está en la lista (no elegible), S supervisor, X ya no es empleado,</translation>
    </message>
    <message>
        <source>M signature or name mismatch, R envelope damaged or opened, O other</source>
        <translation>M firma o nombre no coinciden, R sobre dañado o abierto, O otro</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Lecturas</translation>
    </message>
    <message>
        <source>record a ballot FOR the union</source>
        <translation>registrar una papeleta A FAVOR del sindicato</translation>
    </message>
    <message>
        <source>record a ballot AGAINST the union</source>
        <translation>registrar una papeleta EN CONTRA del sindicato</translation>
    </message>
    <message>
        <source>record a CHALLENGED ballot (sealed, not opened)</source>
        <translation>registrar una papeleta IMPUGNADA (sellada, sin abrir)</translation>
    </message>
    <message>
        <source>record a VOID ballot</source>
        <translation>registrar una papeleta NULA</translation>
    </message>
    <message>
        <source>undo the last call (recorded as a visible correction)</source>
        <translation>deshacer la última lectura (queda registrada como corrección visible)</translation>
    </message>
    <message>
        <source>redo the call just undone</source>
        <translation>rehacer la lectura recién deshecha</translation>
    </message>
    <message>
        <source>Questions (answer any time, or go on counting)</source>
        <translation>Preguntas (responda cuando quiera, o siga contando)</translation>
    </message>
    <message>
        <source>Enter / N</source>
        <translation>Intro / N</translation>
    </message>
    <message>
        <source>a full pile&apos;s recount holds exactly N / found another number</source>
        <translation>el recuento de una pila llena tiene exactamente N / hay otro número</translation>
    </message>
    <message>
        <source>record / do not record a call beyond the ballots in the box</source>
        <translation>registrar / no registrar una lectura que excede las papeletas de la urna</translation>
    </message>
    <message>
        <source>close the challenge question (the challenge stays; Ctrl+R answers it)</source>
        <translation>cerrar la pregunta de la impugnación (la impugnación queda; Ctrl+R la responde)</translation>
    </message>
    <message>
        <source>The count</source>
        <translation>El escrutinio</translation>
    </message>
    <message>
        <source>the challenge register: parties, reasons, settled, the decision</source>
        <translation>el registro de impugnaciones: partes, motivos, acuerdos, la decisión</translation>
    </message>
    <message>
        <source>pause the count with an interim tally (e.g. overnight)</source>
        <translation>pausar el escrutinio con un acta provisional (p. ej., durante la noche)</translation>
    </message>
    <message>
        <source>resume a paused count / reopen a locked one (with a reason)</source>
        <translation>reanudar un escrutinio pausado / reabrir uno cerrado (con un motivo)</translation>
    </message>
    <message>
        <source>prepare the tally sheet: records it and locks the count</source>
        <translation>preparar el acta de escrutinio: la registra y cierra el escrutinio</translation>
    </message>
    <message>
        <source>export the latest sheet, signed, into a new folder</source>
        <translation>exportar la última acta, firmada, a una carpeta nueva</translation>
    </message>
    <message>
        <source>Windows and files</source>
        <translation>Ventanas y archivos</translation>
    </message>
    <message>
        <source>the observers&apos; dashboard: full screen on a second screen, else a window behind this one (any key there comes back here; T: dark / light)</source>
        <translation>el panel de los observadores: a pantalla completa en una segunda pantalla, si no una ventana detrás de esta (cualquier tecla allí vuelve aquí; T: oscuro / claro)</translation>
    </message>
    <message>
        <source>set up a new election</source>
        <translation>preparar una elección nueva</translation>
    </message>
    <message>
        <source>open an election file</source>
        <translation>abrir un archivo de elección</translation>
    </message>
    <message>
        <source>quit at once: every call is already on disk</source>
        <translation>salir de inmediato: cada lectura ya está en el disco</translation>
    </message>
    <message>
        <source>show or hide this help (Esc hides it too)</source>
        <translation>mostrar u ocultar esta ayuda (Esc también la oculta)</translation>
    </message>
    <message>
        <source>record a vote for %1</source>
        <translation>registrar un voto por %1</translation>
    </message>
    <message>
        <source>after C: %1</source>
        <translation>tras C: %1</translation>
    </message>
    <message>
        <source>who challenged: %1</source>
        <translation>quién impugnó: %1</translation>
    </message>
    <message>
        <source>D, then %1</source>
        <translation>D, luego %1</translation>
    </message>
    <message>
        <source>a party disputes the last call: it becomes CHALLENGED</source>
        <translation>una parte objeta la última lectura: pasa a IMPUGNADA</translation>
    </message>
    <message>
        <source>… or it stays as called, the dispute noted (a party&apos;s key or J joins, W withdraws)</source>
        <translation>… o queda como se leyó, con la objeción anotada (la tecla de una parte o J se une, W retira)</translation>
    </message>
    <message>
        <source>G, then %1</source>
        <translation>G, luego %1</translation>
    </message>
    <message>
        <source>count the pile of another voting group</source>
        <translation>contar la pila de otro grupo de votación</translation>
    </message>
    <message>
        <source>a Sonotone ballot&apos;s question 1 (yes, no, void, unmarked), then its vote, or V if question 2 is void or unmarked; Esc drops the unfinished ballot</source>
        <translation>la pregunta 1 de una papeleta Sonotone (sí, no, nula, sin marcar), luego su voto, o V si la pregunta 2 es nula o está sin marcar; Esc descarta la papeleta sin terminar</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Press any key or click to go back to the count.</source>
        <translation>Pulse cualquier tecla o haga clic para volver al escrutinio.</translation>
    </message>
</context>
<context>
    <name>KeyLabel</name>
    <message>
        <source>The fingerprint of this station&apos;s signing key: observers may write it down and check an exported sheet against it (station verify FOLDER --key ...)</source>
        <translation>La huella de la clave de firma de esta estación: los observadores pueden anotarla y comprobar con ella un acta exportada (station verify CARPETA --key ...)</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>clave %1</translation>
    </message>
    <message>
        <source>no signing key yet (made with the first sheet)</source>
        <translation>aún sin clave de firma (se crea con la primera acta)</translation>
    </message>
</context>
<context>
    <name>KeyPrompt</name>
    <message>
        <source>Key %1</source>
        <translation>Tecla %1</translation>
    </message>
</context>
<context>
    <name>NewElectionDialog</name>
    <message>
        <source>Ballots per pile: when a pile of one call is full it is recounted before counting goes on (0: no pile checks)</source>
        <translation>Papeletas por pila: cuando la pila de una lectura está llena se recuenta antes de seguir contando (0: sin comprobar pilas)</translation>
    </message>
    <message>
        <source>Ballots per pile, in each voting group&apos;s box: when a pile of one call in a group is full it is recounted before counting goes on (0: no pile checks)</source>
        <translation>Papeletas por pila, en la urna de cada grupo de votación: cuando la pila de una lectura de un grupo está llena se recuenta antes de seguir contando (0: sin comprobar pilas)</translation>
    </message>
    <message>
        <source>Ballots per pile, a pile for each choice (each union, Neither), VOID and CHALLENGED: when one is full it is recounted before counting goes on (0: no pile checks)</source>
        <translation>Papeletas por pila, una pila por cada opción (cada sindicato, Ninguno), NULAS e IMPUGNADAS: cuando una está llena se recuenta antes de seguir contando (0: sin comprobar pilas)</translation>
    </message>
    <message>
        <source>Ballots per pile, in each voting group&apos;s box a pile for each choice (each union, Neither), VOID and CHALLENGED: when one is full it is recounted before counting goes on (0: no pile checks)</source>
        <translation>Papeletas por pila, en la urna de cada grupo de votación una pila por cada opción (cada sindicato, Ninguno), NULAS e IMPUGNADAS: cuando una está llena se recuenta antes de seguir contando (0: sin comprobar pilas)</translation>
    </message>
    <message>
        <source>New election</source>
        <translation>Nueva elección</translation>
    </message>
    <message>
        <source>e.g. 29-RC-288020</source>
        <translation>p. ej., 29-RC-288020</translation>
    </message>
    <message>
        <source>Employer as on the notice</source>
        <translation>Empleador como figura en el aviso</translation>
    </message>
    <message>
        <source>Union as on the ballot</source>
        <translation>Sindicato como figura en la papeleta</translation>
    </message>
    <message>
        <source>optional: other unions, in ballot order, A; B</source>
        <translation>opcional: otros sindicatos, en el orden de la papeleta, A; B</translation>
    </message>
    <message>
        <source>optional: intervening unions, A; B</source>
        <translation>opcional: sindicatos interventores, A; B</translation>
    </message>
    <message>
        <source> or </source>
        <translation> o </translation>
    </message>
    <message>
        <source>%1: the employee(s) petitioning</source>
        <translation>%1: el o los empleados peticionarios</translation>
    </message>
    <message>
        <source>optional: the union of the existing unit</source>
        <translation>opcional: el sindicato de la unidad existente</translation>
    </message>
    <message>
        <source>The union that represents the existing unit: a union on the ballot, or, with a self-determination group, the union of the unit the group could join. Needed when such a group votes on several unions</source>
        <translation>El sindicato que representa a la unidad existente: un sindicato de la papeleta o, con un grupo de autodeterminación, el sindicato de la unidad a la que el grupo podría unirse. Necesario cuando ese grupo vota sobre varios sindicatos</translation>
    </message>
    <message>
        <source>Two or more unions on the ballot: the others after the first, in ballot order, separated by semicolons; each gets its own button (keys 1-9, 0 for Neither)</source>
        <translation>Dos o más sindicatos en la papeleta: los demás después del primero, en el orden de la papeleta, separados por punto y coma; cada uno tiene su propio botón (teclas 1-9, 0 para Ninguno)</translation>
    </message>
    <message>
        <source>Unions allowed onto the ballot as intervenors, separated by semicolons; named &apos;the Intervenor&apos; on the sheet, with their own observers&apos; column</source>
        <translation>Sindicatos admitidos en la papeleta como interventores, separados por punto y coma; en el acta se llaman &apos;the Intervenor&apos;, con su propia columna de observadores</translation>
    </message>
    <message>
        <source>In an %1 case: the employee or group of employees who petitioned; the union is then &apos;the Union&apos;, never &apos;the Petitioner&apos;</source>
        <translation>En un caso %1: el empleado o grupo de empleados que presentó la petición; el sindicato es entonces &apos;the Union&apos;, nunca &apos;the Petitioner&apos;</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>no indicado</translation>
    </message>
    <message>
        <source>How the election came to be held, as the Tally of Ballots names it (a runoff or a rerun is made with station new --runoff-of / --rerun-of)</source>
        <translation>Cómo se llegó a celebrar la elección, como lo nombra el acta (Tally of Ballots) (una segunda vuelta o una repetición se crean con station new --runoff-of / --rerun-of)</translation>
    </message>
    <message>
        <source>optional: the unit, as in the petition or agreement</source>
        <translation>opcional: la unidad, como en la petición o el acuerdo</translation>
    </message>
    <message>
        <source>The bargaining unit&apos;s description, printed (wrapped) on the sheet</source>
        <translation>La descripción de la unidad de negociación, impresa (en varias líneas) en el acta</translation>
    </message>
    <message>
        <source>approximate number</source>
        <translation>número aproximado</translation>
    </message>
    <message>
        <source>optional: ballots in the box</source>
        <translation>opcional: papeletas en la urna</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>opcional</translation>
    </message>
    <message>
        <source>optional: one table of several, e.g. 2</source>
        <translation>opcional: una mesa de varias, p. ej., 2</translation>
    </message>
    <message>
        <source>When the count runs at several tables, this table&apos;s label (each table has its own file and sheet; the sheets are consolidated into one tally)</source>
        <translation>Cuando el escrutinio se hace en varias mesas, el nombre de esta mesa (cada mesa tiene su propio archivo y acta; las actas se consolidan en un solo escrutinio)</translation>
    </message>
    <message>
        <source>no pile checks</source>
        <translation>sin comprobar pilas</translation>
    </message>
    <message>
        <source>The NLRB case number as on the notice of election (%1)</source>
        <translation>El número de caso de la NLRB como figura en el aviso de elección (%1)</translation>
    </message>
    <message>
        <source>The employer&apos;s name as on the notice of election</source>
        <translation>El nombre del empleador como figura en el aviso de elección</translation>
    </message>
    <message>
        <source>The union exactly as named on the ballot (the Petitioner in an RC case, the Union in RD and RM cases)</source>
        <translation>El sindicato exactamente como se nombra en la papeleta (el Peticionario en un caso RC, el Sindicato en los casos RD y RM)</translation>
    </message>
    <message>
        <source>Tally line 1: the approximate number of eligible voters</source>
        <translation>Línea 1 del acta: el número aproximado de votantes elegibles</translation>
    </message>
    <message>
        <source>Ballots in the box (or envelopes to open): the M of &apos;N of M&apos;</source>
        <translation>Papeletas en la urna (o sobres por abrir): la M de &apos;N de M&apos;</translation>
    </message>
    <message>
        <source>The Board agent conducting the count (printed on the sheet)</source>
        <translation>El Agente de la Junta que dirige el escrutinio (impreso en el acta)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Choose where to save the election file</source>
        <translation>Elegir dónde guardar el archivo de la elección</translation>
    </message>
    <message>
        <source>Browse for where to save the election file</source>
        <translation>Buscar dónde guardar el archivo de la elección</translation>
    </message>
    <message>
        <source>mail ballot only: the voter list (CSV)</source>
        <translation>solo por correo: la lista de votantes (CSV)</translation>
    </message>
    <message>
        <source>A mail-ballot election: the voter list, a CSV file with a header row naming at least id and name. Its envelopes are ruled before any ballot is opened</source>
        <translation>Una elección por correo: la lista de votantes, un archivo CSV con una fila de encabezado que nombra al menos las columnas &quot;id&quot; y &quot;name&quot;. Sus sobres se dictaminan antes de abrir cualquier papeleta</translation>
    </message>
    <message>
        <source>Choose the voter list of a mail-ballot election (CSV)</source>
        <translation>Elegir la lista de votantes de una elección por correo (CSV)</translation>
    </message>
    <message>
        <source>Browse for the voter list</source>
        <translation>Buscar la lista de votantes</translation>
    </message>
    <message>
        <source>some voters vote at the polls</source>
        <translation>algunos votantes votan en persona</translation>
    </message>
    <message>
        <source>A mixed election: voters who vote at the polls are checked off in the envelope window (P); their ballots are commingled with the mail ballots and counted together</source>
        <translation>Una elección mixta: los votantes que votan en persona se marcan en la ventana de sobres (P); sus papeletas se mezclan con las del correo y se cuentan juntas</translation>
    </message>
    <message>
        <source>NLRB case number</source>
        <translation>Número de caso de la NLRB</translation>
    </message>
    <message>
        <source>Employer</source>
        <translation>Empleador</translation>
    </message>
    <message>
        <source>Union on the ballot</source>
        <translation>Sindicato en la papeleta</translation>
    </message>
    <message>
        <source>Other unions</source>
        <translation>Otros sindicatos</translation>
    </message>
    <message>
        <source>Intervenors</source>
        <translation>Interventores</translation>
    </message>
    <message>
        <source>%1 petitioner</source>
        <translation>Peticionario %1</translation>
    </message>
    <message>
        <source>Incumbent</source>
        <translation>Sindicato titular</translation>
    </message>
    <message>
        <source>Type of election</source>
        <translation>Tipo de elección</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unidad</translation>
    </message>
    <message>
        <source>Eligible voters</source>
        <translation>Votantes elegibles</translation>
    </message>
    <message>
        <source>Ballots in the box</source>
        <translation>Papeletas en la urna</translation>
    </message>
    <message>
        <source>Board agent</source>
        <translation>Agente de la Junta</translation>
    </message>
    <message>
        <source>Ballots per pile</source>
        <translation>Papeletas por pila</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Mesa</translation>
    </message>
    <message>
        <source>Mail ballot: voters</source>
        <translation>Voto por correo: votantes</translation>
    </message>
    <message>
        <source>Mail ballot: polls</source>
        <translation>Voto por correo: en persona</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>Guardar como</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Crear</translation>
    </message>
    <message>
        <source>a mail ballot&apos;s ballots in the box are the envelopes accepted: leave it empty</source>
        <translation>en un voto por correo, las papeletas en la urna son los sobres aceptados: déjelo vacío</translation>
    </message>
    <message>
        <source>The voter list</source>
        <translation>La lista de votantes</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>Archivos CSV (*.csv);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Save the election as</source>
        <translation>Guardar la elección como</translation>
    </message>
    <message>
        <source>Election files (*%1)</source>
        <translation>Archivos de elección (*%1)</translation>
    </message>
    <message>
        <source>each group&apos;s, in Voting groups</source>
        <translation>las de cada grupo, en Grupos de votación</translation>
    </message>
    <message>
        <source>mail ballot only: the voter list (CSV), with a group column</source>
        <translation>solo por correo: lista de votantes (CSV) con columna de grupo</translation>
    </message>
    <message>
        <source>%1
Where the election file is saved; an existing file is never overwritten</source>
        <translation>%1
Dónde se guarda el archivo de la elección; un archivo existente nunca se sobrescribe</translation>
    </message>
    <message>
        <source>choose where to save the election file</source>
        <translation>elija dónde guardar el archivo de la elección</translation>
    </message>
    <message>
        <source>%1. Press Create again to keep them.</source>
        <translation>%1. Pulse Crear otra vez para mantenerlos.</translation>
    </message>
</context>
<context>
    <name>OperatorWindow</name>
    <message>
        <source>Re&amp;open count…</source>
        <translation>Re&amp;abrir el escrutinio…</translation>
    </message>
    <message>
        <source>DEMO — Station — %1 — %2</source>
        <translation>DEMOSTRACIÓN — Station — %1 — %2</translation>
    </message>
    <message>
        <source>DEMO — not a real election: a temporary file, for trying Station</source>
        <translation>DEMOSTRACIÓN — no es una elección real: un archivo temporal para probar Station</translation>
    </message>
    <message>
        <source>Ballots counted</source>
        <translation>Papeletas contadas</translation>
    </message>
    <message>
        <source>Recording error</source>
        <translation>Error de registro</translation>
    </message>
    <message>
        <source>Count notice</source>
        <translation>Aviso del escrutinio</translation>
    </message>
    <message>
        <source>↶ Undo last call  (Ctrl+Z)</source>
        <translation>↶ Deshacer la última lectura  (Ctrl+Z)</translation>
    </message>
    <message>
        <source>↷ Redo  (Ctrl+Shift+Z)</source>
        <translation>↷ Rehacer  (Ctrl+Shift+Z)</translation>
    </message>
    <message>
        <source>Take back the last call; the correction is recorded and shown</source>
        <translation>Retirar la última lectura; la corrección se registra y se muestra</translation>
    </message>
    <message>
        <source>Put back the call just undone; recorded and shown</source>
        <translation>Restituir la lectura recién deshecha; se registra y se muestra</translation>
    </message>
    <message>
        <source>Last calls</source>
        <translation>Últimas lecturas</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;New election…</source>
        <translation>&amp;Nueva elección…</translation>
    </message>
    <message>
        <source>&amp;Open election file…</source>
        <translation>A&amp;brir archivo de elección…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Export signed tally sheet…</source>
        <translation>&amp;Exportar el acta firmada…</translation>
    </message>
    <message>
        <source>&amp;Print the exported tally sheet…</source>
        <translation>&amp;Imprimir el acta exportada…</translation>
    </message>
    <message>
        <source>Open the exported &amp;PDF</source>
        <translation>Abrir el &amp;PDF exportado</translation>
    </message>
    <message>
        <source>&amp;Verify the record</source>
        <translation>&amp;Verificar el registro</translation>
    </message>
    <message>
        <source>Check every event&apos;s hash chain, the replay and every sheet</source>
        <translation>Comprobar la cadena de hashes de cada evento, la reproducción y cada acta</translation>
    </message>
    <message>
        <source>&amp;Count</source>
        <translation>&amp;Escrutinio</translation>
    </message>
    <message>
        <source>Record %1	%2</source>
        <translation>Registrar %1	%2</translation>
    </message>
    <message>
        <source>&amp;Undo last call	Ctrl+Z</source>
        <translation>&amp;Deshacer la última lectura	Ctrl+Z</translation>
    </message>
    <message>
        <source>&amp;Redo	Ctrl+Shift+Z, Ctrl+Y</source>
        <translation>&amp;Rehacer	Ctrl+Shift+Z, Ctrl+Y</translation>
    </message>
    <message>
        <source>&amp;Dispute the last call…	D</source>
        <translation>&amp;Objetar la última lectura…	D</translation>
    </message>
    <message>
        <source>Challenge &amp;register…</source>
        <translation>Registro de &amp;impugnaciones…</translation>
    </message>
    <message>
        <source>&amp;Pause count (interim tally)…</source>
        <translation>&amp;Pausar el escrutinio (acta provisional)…</translation>
    </message>
    <message>
        <source>&amp;Prepare tally sheet…</source>
        <translation>Pr&amp;eparar el acta de escrutinio…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Dashboard for observers</source>
        <translation>&amp;Panel para los observadores</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Atajos de teclado</translation>
    </message>
    <message>
        <source>%1 first</source>
        <translation>Primero: %1</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>Nada que deshacer</translation>
    </message>
    <message>
        <source>Nothing to redo</source>
        <translation>Nada que rehacer</translation>
    </message>
    <message>
        <source>&lt;b&gt;Warning:&lt;/b&gt; %1 Check the clock.</source>
        <translation>&lt;b&gt;Atención:&lt;/b&gt; %1 Revise el reloj.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sent to %1:&lt;/b&gt; the exported PDF, as signed.</source>
        <translation>&lt;b&gt;Enviado a %1:&lt;/b&gt; el PDF exportado, tal como se firmó.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not done.&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;No se hizo.&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;NOT RECORDED:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;NO REGISTRADA:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;THE COUNT CANNOT GO ON:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;EL ESCRUTINIO NO PUEDE CONTINUAR:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;NOT RECORDED:&lt;/b&gt; %1&lt;br&gt;The count did not change. Fix the problem, then make the call again.</source>
        <translation>&lt;b&gt;NO REGISTRADA:&lt;/b&gt; %1&lt;br&gt;El escrutinio no cambió. Resuelva el problema y vuelva a hacer la lectura.</translation>
    </message>
    <message>
        <source>Valid votes: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Votos válidos: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>events %1 · head %2</source>
        <translation>eventos %1 · hash de cabecera %2</translation>
    </message>
    <message>
        <source>%1 (ballot %2)</source>
        <translation>%1 (papeleta %2)</translation>
    </message>
</context>
<context>
    <name>Option</name>
    <message>
        <source>Enter</source>
        <translation>Intro</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
</context>
<context>
    <name>PdfOpener</name>
    <message>
        <source>no PDF viewer opened %1 (%2); open it from its folder</source>
        <translation>ningún visor de PDF abrió %1 (%2); ábralo desde su carpeta</translation>
    </message>
    <message>
        <source>no PDF viewer opened %1; open it from its folder</source>
        <translation>ningún visor de PDF abrió %1; ábralo desde su carpeta</translation>
    </message>
</context>
<context>
    <name>PdfPrinter</name>
    <message>
        <source>`%1` is not installed here: open the PDF and print it from the viewer</source>
        <translation>`%1` no está instalado aquí: abra el PDF e imprímalo desde el visor</translation>
    </message>
    <message>
        <source>the printer did not take the PDF (%1)</source>
        <translation>la impresora no aceptó el PDF (%1)</translation>
    </message>
    <message>
        <source>Print %1</source>
        <translation>Imprimir %1</translation>
    </message>
    <message>
        <source>the default printer</source>
        <translation>la impresora predeterminada</translation>
    </message>
    <message>
        <source>%1 is no longer there: export the sheet again</source>
        <translation>%1 ya no está: exporte el acta otra vez</translation>
    </message>
</context>
<context>
    <name>PileCountDialog</name>
    <message>
        <source>%1: ballots found</source>
        <translation>%1: papeletas encontradas</translation>
    </message>
    <message>
        <source>Ballots found in the pile</source>
        <translation>Papeletas encontradas en la pila</translation>
    </message>
    <message>
        <source>How many ballots the recount of this pile found</source>
        <translation>Cuántas papeletas encontró el recuento de esta pila</translation>
    </message>
    <message>
        <source>%1 holds</source>
        <translation>%1 tiene</translation>
    </message>
    <message>
        <source>Record the recount</source>
        <translation>Registrar el recuento</translation>
    </message>
    <message>
        <source>The journal has %1 %2 ballots in this pile.</source>
        <translation>El registro tiene %1 papeletas %2 en esta pila.</translation>
    </message>
    <message>
        <source>The journal has %1 %2 ballots of group %3 in this pile.</source>
        <translation>El registro tiene %1 papeletas %2 del grupo %3 en esta pila.</translation>
    </message>
</context>
<context>
    <name>PrepareSheetDialog</name>
    <message>
        <source>Prepare the tally sheet</source>
        <translation>Preparar el acta de escrutinio</translation>
    </message>
    <message>
        <source>%1 tally: the count is complete</source>
        <translation>Acta %1: el escrutinio está completo</translation>
    </message>
    <message>
        <source>Interim tally: the count pauses (e.g. overnight) and resumes</source>
        <translation>Acta provisional: el escrutinio se pausa (p. ej., durante la noche) y se reanuda</translation>
    </message>
    <message>
        <source>the Board agent certifying the count</source>
        <translation>el Agente de la Junta que certifica el escrutinio</translation>
    </message>
    <message>
        <source>optional: where the count is held</source>
        <translation>opcional: dónde se realiza el escrutinio</translation>
    </message>
    <message>
        <source>The count is complete: the sheet the parties sign</source>
        <translation>El escrutinio está completo: el acta que firman las partes</translation>
    </message>
    <message>
        <source>The count pauses and resumes later; the figures are not a result</source>
        <translation>El escrutinio se pausa y se reanuda después; las cifras no son un resultado</translation>
    </message>
    <message>
        <source>Printed on the sheet above the Board agent&apos;s signature line</source>
        <translation>Se imprime en el acta sobre la línea de firma del Agente de la Junta</translation>
    </message>
    <message>
        <source>Printed on the sheet as the place of the count</source>
        <translation>Se imprime en el acta como el lugar del escrutinio</translation>
    </message>
    <message>
        <source>Board agent</source>
        <translation>Agente de la Junta</translation>
    </message>
    <message>
        <source>Place of the count</source>
        <translation>Lugar del escrutinio</translation>
    </message>
    <message>
        <source>one name per line (optional)</source>
        <translation>un nombre por línea (opcional)</translation>
    </message>
    <message>
        <source>Observers for %1</source>
        <translation>Observadores de %1</translation>
    </message>
    <message>
        <source>Each name gets a signature line for this party on the sheet</source>
        <translation>Cada nombre recibe una línea de firma para esta parte en el acta</translation>
    </message>
    <message>
        <source>Preparing the sheet records it in the journal and locks the count: further calls need an explicit, recorded reopening.</source>
        <translation>Preparar el acta la registra en el registro y cierra el escrutinio: para más lecturas hay que reabrirlo expresamente, y eso queda registrado.</translation>
    </message>
    <message>
        <source>Prepare and lock</source>
        <translation>Preparar y cerrar</translation>
    </message>
    <message>
        <source>%1. Press Enter (Prepare and lock) again only if the agent confirms it.</source>
        <translation>%1. Pulse Intro (Preparar y cerrar) otra vez solo si el agente lo confirma.</translation>
    </message>
    <message>
        <source> %1 CHALLENGED, %2 VOID</source>
        <translation> %1 IMPUGNADAS, %2 NULAS</translation>
    </message>
    <message>
        <source>, %1 sustained, never opened</source>
        <translation>, %1 sostenidas, nunca abiertas</translation>
    </message>
    <message>
        <source>%1; the number in the box was not given.</source>
        <translation>%1; no se indicó el número de la urna.</translation>
    </message>
    <message>
        <source>%1: the count matches the box.</source>
        <translation>%1: el escrutinio coincide con la urna.</translation>
    </message>
    <message>
        <source>%1: &lt;b&gt;%2 ballots in the box are not counted.&lt;/b&gt;</source>
        <translation>%1: &lt;b&gt;%2 papeletas de la urna no están contadas.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2): &lt;b&gt;%3 more than the box.&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2): &lt;b&gt;%3 más que la urna.&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>Reason</name>
    <message>
        <source>not on list</source>
        <translation>no está en la lista</translation>
    </message>
    <message>
        <source>supervisor</source>
        <translation>supervisor</translation>
    </message>
    <message>
        <source>no longer employed</source>
        <translation>ya no es empleado</translation>
    </message>
    <message>
        <source>signature mismatch</source>
        <translation>firma no coincide</translation>
    </message>
    <message>
        <source>envelope damaged</source>
        <translation>sobre dañado</translation>
    </message>
    <message>
        <source>other</source>
        <translation>otro</translation>
    </message>
</context>
<context>
    <name>RecentCallsList</name>
    <message>
        <source>Last calls</source>
        <translation>Últimas lecturas</translation>
    </message>
</context>
<context>
    <name>ReopenDialog</name>
    <message>
        <source>Reopen the count</source>
        <translation>Reabrir el escrutinio</translation>
    </message>
    <message>
        <source>e.g. a ballot was found in the box</source>
        <translation>p. ej., se encontró una papeleta en la urna</translation>
    </message>
    <message>
        <source>Reason for reopening</source>
        <translation>Motivo de la reapertura</translation>
    </message>
    <message>
        <source>Recorded in the journal and shown on both windows</source>
        <translation>Se registra y se muestra en ambas ventanas</translation>
    </message>
    <message>
        <source>The count is locked by the %1. Reopening it is recorded with its reason; a sheet prepared afterwards is a revision, and the earlier sheet stays valid for the count as it stood.</source>
        <translation>El escrutinio está cerrado por el %1. La reapertura se registra con su motivo; un acta preparada después es una revisión, y el acta anterior sigue siendo válida para el escrutinio tal como estaba.</translation>
    </message>
    <message>
        <source>Reopen</source>
        <translation>Reabrir</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
</context>
<context>
    <name>SheetFlow</name>
    <message>
        <source>&lt;b&gt;%1 tally prepared&lt;/b&gt; at event %2; it certifies events 1–%3. Export it for signing with File ▸ Export (Ctrl+E).</source>
        <translation>&lt;b&gt;Acta %1 preparada&lt;/b&gt; en el evento %2; certifica los eventos 1–%3. Expórtela para firmarla con Archivo ▸ Exportar (Ctrl+E).</translation>
    </message>
    <message>
        <source>%1 tally sheet of event %2</source>
        <translation>acta %1 del evento %2</translation>
    </message>
    <message>
        <source>Exporting the %1 tally sheet…</source>
        <translation>Exportando el acta %1…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Exported&lt;/b&gt; the %1 tally, signed, into its folder. Next: &lt;a href=&quot;%2&quot;&gt;Print&lt;/a&gt; it for the signatures · &lt;a href=&quot;%3&quot;&gt;Open the PDF&lt;/a&gt;. Anyone can check it: &lt;tt&gt;%4&lt;/tt&gt;</source>
        <translation>Se &lt;b&gt;exportó&lt;/b&gt; el acta %1, firmada, a su carpeta. Siguiente: &lt;a href=&quot;%2&quot;&gt;Imprimirla&lt;/a&gt; para las firmas · &lt;a href=&quot;%3&quot;&gt;Abrir el PDF&lt;/a&gt;. Cualquiera puede comprobarla: &lt;tt&gt;%4&lt;/tt&gt;</translation>
    </message>
    <message>
        <source>Checking the record…</source>
        <translation>Comprobando el registro…</translation>
    </message>
    <message>
        <source>the record is NOT intact: %1</source>
        <translation>el registro NO está intacto: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Record intact:&lt;/b&gt; %1 events, chain and replay checked; head %2.</source>
        <translation>&lt;b&gt;Registro intacto:&lt;/b&gt; %1 eventos, cadena y reproducción comprobadas; hash de cabecera %2.</translation>
    </message>
    <message>
        <source>Re&amp;sume count</source>
        <translation>Re&amp;anudar el escrutinio</translation>
    </message>
    <message>
        <source>&lt;b&gt;Count paused&lt;/b&gt; after ballot %1 (interim tally at event %2). Resume it from the Count menu.</source>
        <translation>&lt;b&gt;Escrutinio pausado&lt;/b&gt; tras la papeleta %1 (acta provisional en el evento %2). Reanúdelo desde el menú Escrutinio.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Count locked&lt;/b&gt; by the %1 tally sheet prepared at event %2. To record more calls, reopen the count (Count menu).</source>
        <translation>&lt;b&gt;Escrutinio cerrado&lt;/b&gt; por el acta %1 preparada en el evento %2. Para registrar más lecturas, reabra el escrutinio (menú Escrutinio).</translation>
    </message>
    <message>
        <source>Export the signed tally sheet into (a new folder is made there)</source>
        <translation>Exportar el acta firmada a (allí se crea una carpeta nueva)</translation>
    </message>
</context>
<context>
    <name>SheetTitle</name>
    <message>
        <source>Final</source>
        <translation>final</translation>
    </message>
    <message>
        <source>Interim</source>
        <translation>provisional</translation>
    </message>
    <message>
        <source>Revised</source>
        <translation>revisada</translation>
    </message>
    <message>
        <source>Corrected</source>
        <translation>corregida</translation>
    </message>
    <message>
        <source>final</source>
        <translation>final</translation>
    </message>
    <message>
        <source>interim</source>
        <translation>provisional</translation>
    </message>
    <message>
        <source>revised</source>
        <translation>revisada</translation>
    </message>
    <message>
        <source>corrected</source>
        <translation>corregida</translation>
    </message>
</context>
<context>
    <name>StartDialog</name>
    <message>
        <source>&lt;h2&gt;Station&lt;/h2&gt;&lt;p&gt;Hand count for an NLRB representation election.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Station&lt;/h2&gt;&lt;p&gt;Escrutinio a mano de una elección de representación de la NLRB.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>New election…</source>
        <translation>Nueva elección…</translation>
    </message>
    <message>
        <source>Set up a new election file: case, parties, voters, piles</source>
        <translation>Preparar un archivo de elección nuevo: caso, partes, votantes, pilas</translation>
    </message>
    <message>
        <source>Open an election file…</source>
        <translation>Abrir un archivo de elección…</translation>
    </message>
    <message>
        <source>Choose an election file (.station) to count into</source>
        <translation>Elegir un archivo de elección (.station) en el que contar</translation>
    </message>
    <message>
        <source>Open the demo</source>
        <translation>Abrir la demostración</translation>
    </message>
    <message>
        <source>Try Station on a demo election already part-way through its count; it is marked DEMO everywhere and lives in a temporary file</source>
        <translation>Probar Station con una elección de demostración ya a medio escrutinio; está marcada DEMOSTRACIÓN en todas partes y vive en un archivo temporal</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>Archivos recientes</translation>
    </message>
    <message>
        <source>Recent election files</source>
        <translation>Archivos de elección recientes</translation>
    </message>
    <message>
        <source>Double-click a file, or select it and press Enter, to open it</source>
        <translation>Haga doble clic en un archivo, o selecciónelo y pulse Intro, para abrirlo</translation>
    </message>
    <message>
        <source>%1  —  not an election file (a folder) (%2)</source>
        <translation>%1  —  no es un archivo de elección (es una carpeta) (%2)</translation>
    </message>
    <message>
        <source>%1 is now a folder, not an election file</source>
        <translation>%1 es ahora una carpeta, no un archivo de elección</translation>
    </message>
    <message>
        <source>%1  —  missing (%2)</source>
        <translation>%1  —  no está (%2)</translation>
    </message>
    <message>
        <source>%1 no longer exists (moved or deleted)</source>
        <translation>%1 ya no existe (movido o borrado)</translation>
    </message>
</context>
<context>
    <name>Station</name>
    <message>
        <source>Cannot make the demo</source>
        <translation>No se puede crear la demostración</translation>
    </message>
    <message>
        <source>Cannot open the election file</source>
        <translation>No se puede abrir el archivo de la elección</translation>
    </message>
    <message>
        <source>Cannot count in the election file</source>
        <translation>No se puede contar en el archivo de la elección</translation>
    </message>
    <message>
        <source>Open an election file</source>
        <translation>Abrir un archivo de elección</translation>
    </message>
    <message>
        <source>Election files (*%1);;All files (*)</source>
        <translation>Archivos de elección (*%1);;Todos los archivos (*)</translation>
    </message>
</context>
<context>
    <name>VotingGroupsBox</name>
    <message>
        <source>Key</source>
        <translation>Tecla</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Eligible</source>
        <translation>Elegibles</translation>
    </message>
    <message>
        <source>Ballots</source>
        <translation>Papeletas</translation>
    </message>
    <message>
        <source>Its votes</source>
        <translation>Sus votos</translation>
    </message>
    <message>
        <source>Voting groups: an election of voting groups has at least two, or one whose votes are self-determination: press Add group for another, choose self-determination in Its votes, or Remove group to count the election as one</source>
        <translation>Grupos de votación: una elección de grupos de votación tiene al menos dos, o uno cuyos votos son de autodeterminación: pulse Añadir grupo para otro, elija autodeterminación en Sus votos, o Quitar grupo para contar la elección como una sola</translation>
    </message>
    <message>
        <source>Voting groups</source>
        <translation>Grupos de votación</translation>
    </message>
    <message>
        <source>Optional. Groups whose ballots are counted as piles of their own, each with its own tally; G then a group&apos;s key switches the pile being counted.</source>
        <translation>Opcional. Grupos cuyas papeletas se cuentan en pilas propias, cada una con su propio escrutinio; G y luego la tecla de un grupo cambia la pila que se cuenta.</translation>
    </message>
    <message>
        <source>The key pressed after G to count this group&apos;s ballots: one letter, A-Z</source>
        <translation>La tecla que se pulsa tras G para contar las papeletas de este grupo: una letra, A-Z</translation>
    </message>
    <message>
        <source>The group as its tally names it, e.g. Professional employees</source>
        <translation>El grupo como lo nombra su acta, p. ej., Professional employees</translation>
    </message>
    <message>
        <source>The group&apos;s approximate number of eligible voters (its line 1)</source>
        <translation>El número aproximado de votantes elegibles del grupo (su línea 1)</translation>
    </message>
    <message>
        <source>Optional: the ballots in its box (the M of &apos;N of M&apos;)</source>
        <translation>Opcional: las papeletas de su urna (la M de &apos;N de M&apos;)</translation>
    </message>
    <message>
        <source>What the group&apos;s votes decide</source>
        <translation>Lo que deciden los votos del grupo</translation>
    </message>
    <message>
        <source>Add group</source>
        <translation>Añadir grupo</translation>
    </message>
    <message>
        <source>Add a voting group (at most %1)</source>
        <translation>Añadir un grupo de votación (como máximo %1)</translation>
    </message>
    <message>
        <source>Remove group</source>
        <translation>Quitar grupo</translation>
    </message>
    <message>
        <source>Remove the selected group (else the last one)</source>
        <translation>Quitar el grupo seleccionado (si no, el último)</translation>
    </message>
    <message>
        <source>a mail ballot&apos;s ballots in the box are the envelopes accepted: leave each group&apos;s Ballots empty</source>
        <translation>en un voto por correo, las papeletas en la urna son los sobres aceptados: deje vacías las Papeletas de cada grupo</translation>
    </message>
    <message>
        <source>its own unit</source>
        <translation>su propia unidad</translation>
    </message>
    <message>
        <source>Its votes decide a unit of its own (or the pooled unit)</source>
        <translation>Sus votos deciden una unidad propia (o la unidad conjunta)</translation>
    </message>
    <message>
        <source>Professional employees: the two-question ballot (inclusion, then representation); pooled with the one other group if a majority of its votes on inclusion is yes</source>
        <translation>Empleados profesionales: la papeleta de dos preguntas (inclusión, luego representación); se une al otro grupo si la mayoría de sus votos sobre la inclusión es sí</translation>
    </message>
    <message>
        <source>self-determination</source>
        <translation>autodeterminación</translation>
    </message>
    <message>
        <source>Armour-Globe: its votes decide only whether it joins the unit the union already represents</source>
        <translation>Armour-Globe: sus votos deciden solo si se une a la unidad que el sindicato ya representa</translation>
    </message>
    <message>
        <source>What the group&apos;s votes decide (hover over a choice to read it)</source>
        <translation>Lo que deciden los votos del grupo (pase el ratón sobre una opción para leerla)</translation>
    </message>
</context>
<context>
    <name>WorkProgress</name>
    <message>
        <source>Station</source>
        <translation>Station</translation>
    </message>
</context>
</TS>
