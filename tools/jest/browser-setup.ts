import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

/** antd renders slowly under jsdom; on a loaded 2-core machine a findBy needs more than the default second. */
configure({ asyncUtilTimeout: 4000 });
