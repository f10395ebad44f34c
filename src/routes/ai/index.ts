import image from './image.ts';
import write from './write.ts';

export default [write, image];
