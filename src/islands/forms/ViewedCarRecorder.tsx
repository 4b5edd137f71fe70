/**
 * Notes the car of a vehicle page in the local viewed-cars store (spec §3 "Local
 * viewed-car": id, stocknum, make, model, body, simple_body). Renders nothing.
 */
import { useEffect } from 'react';
import { recordView, type ViewedCar } from '../../stores/viewed.ts';

export default function ViewedCarRecorder({ car }: { car: ViewedCar }) {
  useEffect(() => recordView(car), [car]);
  return null;
}
