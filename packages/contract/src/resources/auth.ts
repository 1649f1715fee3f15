import { z } from 'zod';

export const loginRequest = z.strictObject({
  email: z.string().trim().min(1).max(180),
  password: z.string().min(1).max(200),
});
export const loginResponse = z.object({ token: z.string() });
export type LoginRequest = z.infer<typeof loginRequest>;

/** Claims inside the JWT. The server re-reads the user on every request; these are for the client. */
export interface TokenClaims {
  sub: string;
  email: string;
  exp: number;
  /** The user's session epoch when the token was issued; a sign-out or password change moves it on. */
  ver: number;
}
