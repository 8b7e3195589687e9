// Placeholder until the gazetteer's data lands (ADR 064): knows no place, so every place the
// reader takes from a cue alone is asked ("Bitte prüfen") and no bare five-digit number is a PLZ.
export function placesForPostalCode(_code: string): readonly string[] {
  return [];
}
export function isPostalCode(code: string): boolean {
  return placesForPostalCode(code).length > 0;
}
export function knownPlace(_text: string): string | null {
  return null;
}
export function placeMatchesPostalCode(code: string, name: string): boolean {
  return placesForPostalCode(code).some((place) => name.toLowerCase().startsWith(place.toLowerCase()));
}
