import deleteMedia from './delete.ts';
import list from './list.ts';
import put from './put.ts';
import read from './read.ts';
import serve from './serve.ts';
import upload from './upload.ts';

export default [upload, put, serve, list, read, deleteMedia];
