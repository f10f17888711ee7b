// Paths as /proc/self/mountinfo and getfattr print them: a byte that is a space, a backslash, or
// (getfattr) not printable ASCII is written as a backslash and three octal digits (\040).
import { decodeFsName } from '../../../shared/fsName.ts';

/** The path an octal-escaped field names, its bytes decoded as every path in Shingle (fsName.ts). */
export function octalEscapedPath(field: string): string {
  const latin1 = field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
  return decodeFsName(Buffer.from(latin1, 'latin1'));
}
