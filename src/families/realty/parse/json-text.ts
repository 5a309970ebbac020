/**
 * Finds the end of the JSON object or array that starts at `start` in `text`, honouring
 * strings and escapes, so an embedded object can be cut out of a script without relying on
 * what follows it. Returns the index just past the closing bracket, or -1.
 */
export function endOfJsonValue(text: string, start: number): number {
  const open = text[start];
  if (open !== '{' && open !== '[') return -1;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** JSON.parse that answers undefined instead of throwing. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
