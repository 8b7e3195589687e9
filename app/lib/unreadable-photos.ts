// What the ad card says about photos the image service could not read (ADR 053): the model never
// saw them, and the seller is told which ones, in the ad's order.

/** Names the photos the image service could not read, which the model therefore never saw (ADR 053). */
export function unreadablePhotosNotice(indexes: number[]): string | null {
  if (indexes.length === 0) return null;
  const names = indexes.map((index) => `Foto ${index + 1}`);
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} und ${names[names.length - 1]}`;
  return names.length === 1
    ? `${listed} konnte nicht gelesen werden – die KI hat es nicht gesehen. Ersetze es im Editor durch ein anderes Foto.`
    : `${listed} konnten nicht gelesen werden – die KI hat sie nicht gesehen. Ersetze sie im Editor durch andere Fotos.`;
}
