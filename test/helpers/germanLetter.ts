// A German letter full of umlauts and ß: what English trained data misreads ("für" as "fur",
// "Größe" as "GroRe") and German data reads as written.
export const GERMAN_LETTER = [
  'Sehr geehrte Frau Müller, für die Größe der Übersicht über die Gebühren danken wir Ihnen herzlich.',
  'Die Bürgermeisterin äußerte sich später über die Straße am Fluss und die Brücke vor dem Rathaus.',
  'Wir möchten Ihnen mitteilen, dass die Prüfung der Unterlagen für das nächste Jahr schon begonnen hat.',
  'Bitte schicken Sie uns die Bestätigung über die Gebühr bis zum Frühjahr zurück, gern auch persönlich.',
  'Für Rückfragen stehen wir Ihnen während der Öffnungszeiten im Büro gegenüber dem Bahnhof zur Verfügung.',
  'Mit freundlichen Grüßen aus München, Jürgen Schäfer, Geschäftsführer der Gemeindeverwaltung.',
];
