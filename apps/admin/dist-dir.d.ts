/** Where `vite build` writes the admin app; the server serves it from here at /admin. */
export declare const adminDistDir: string;
