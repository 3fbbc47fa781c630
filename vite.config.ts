import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  // The manifest lists each chunk's static imports: bench/web-weight.ts reads it to weigh the sign-in page.
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': backend, '/functions': backend, '/dev': backend },
  },
});
