import put from './put.ts';
import serve from './serve.ts';
import upload from './upload.ts';

export default [upload, put, serve];
