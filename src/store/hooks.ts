import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch } from './listenerMiddleware';
import type { RootState } from '../store/rootState';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
